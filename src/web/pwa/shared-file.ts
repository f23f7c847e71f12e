import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { SHARED_FILES_CACHE, SHARED_PARAM, sharedFileKey } from './share-target.ts';

/** The id of a photo shared into Kvitt, carried from "Lägg till kvitto" to the wizard as `?shared=`. */
export function useSharedId(): string | null {
  return useSearchParams()[0].get(SHARED_PARAM);
}

/** Appends the shared photo's id to a link inside the add-expense flow, when there is one. */
export const withSharedId = (path: string, sharedId: string | null): string =>
  sharedId ? `${path}?${new URLSearchParams({ [SHARED_PARAM]: sharedId })}` : path;

/** Takes the photo the service worker kept (sw.ts): read once, then removed from the device. */
async function readSharedFile(id: string): Promise<File | null> {
  if (typeof caches === 'undefined') return null;
  const cache = await caches.open(SHARED_FILES_CACHE);
  const response = await cache.match(sharedFileKey(id));
  if (!response) return null;
  const blob = await response.blob();
  const name = decodeURIComponent(response.headers.get('x-file-name') ?? '') || 'kvitto';
  await cache.delete(sharedFileKey(id));
  return new File([blob], name, { type: blob.type });
}

// One read per id, shared by every caller: a remounted page gets the same photo, not an emptied cache.
const taking = new Map<string, Promise<File | null>>();
function takeSharedFile(id: string): Promise<File | null> {
  let file = taking.get(id);
  if (!file) {
    file = readSharedFile(id).catch(() => null);
    taking.set(id, file);
  }
  return file;
}

export type SharedFile =
  /** No photo was shared, or it has been read: `file` is null when it was shared but is gone. */
  { ready: true; file: File | null } | { ready: false; file: null };

/** The photo shared for this page (`?shared=`), once read; `ready` at once when nothing was shared. */
export function useSharedFile(): SharedFile {
  const sharedId = useSharedId();
  const [taken, setTaken] = useState<{ id: string; file: File | null } | null>(null);
  useEffect(() => {
    if (!sharedId) return;
    let current = true;
    void takeSharedFile(sharedId).then((file) => {
      if (current) setTaken({ id: sharedId, file });
    });
    return () => {
      current = false;
    };
  }, [sharedId]);
  if (!sharedId) return { ready: true, file: null };
  return taken?.id === sharedId ? { ready: true, file: taken.file } : { ready: false, file: null };
}
