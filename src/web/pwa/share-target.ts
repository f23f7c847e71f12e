/**
 * The Web Share Target's names, read by the service worker (which receives the shared photo) and by the page that
 * takes it (decision 047). Kept free of DOM and worker globals so both sides can import it.
 */

/** Where the manifest's share_target posts (vite.config.ts): multipart, the photo in the field `receipt`. */
export const SHARE_TARGET_PATH = '/app/share-target';
export const SHARED_FILE_FIELD = 'receipt';
/** Cache Storage holding a shared photo until the wizard takes it; emptied at sign-out as well. */
export const SHARED_FILES_CACHE = 'kvitt-shared-files';
/** The query parameter that carries a shared photo's id from "Lägg till kvitto" to the wizard. */
export const SHARED_PARAM = 'shared';

export const sharedFileKey = (id: string) => `/shared-files/${encodeURIComponent(id)}`;
