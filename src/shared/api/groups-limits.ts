// Without zod, so pages can size their inputs without putting the schema library on their first load.
export const GROUP_NAME_MAX = 100;
export const GROUP_DESCRIPTION_MAX = 200;
/** Largest group image accepted for upload; the server stores a small re-encoded copy. */
export const GROUP_IMAGE_MAX_BYTES = 10 * 1024 * 1024;
export { GROUP_IMAGE_TYPES } from './image-types.ts';
