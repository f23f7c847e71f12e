export { detectImageType } from './detect.ts';
export type { ImageType } from './detect.ts';
export { MAX_INPUT_PIXELS, openImage } from './decode.ts';
export type { DecodedInput } from './decode.ts';
export { ImageError } from './errors.ts';
export type { ImageErrorCode } from './errors.ts';
export { prepareGroupImage } from './group-image.ts';
export { prepareUpload } from './prepare-upload.ts';
export type { PreparedUpload, PrepareOptions } from './prepare-upload.ts';
