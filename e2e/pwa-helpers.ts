import type { Page } from '@playwright/test';
import { tourStorageKey } from '../src/web/features/onboarding/tour-state.ts';
import { apiGroup } from './expenses-helpers.ts';
import { expect, signUpInBrowser, skipCookieBanner } from './fixtures.ts';

/** A phone: 390 × 844 with a touch screen. */
export const PHONE = { viewport: { width: 390, height: 844 }, touch: true };

/** Waits until the service worker has installed and controls the page, so the next load can work offline. */
export async function serviceWorkerInControl(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/**
 * Everything this device keeps for reading offline: IndexedDB `kvitt-offline`, key → saved value as JSON; empty
 * while the app has not made the database.
 */
export function offlineEntries(page: Page): Promise<Record<string, string>> {
  return page.evaluate(
    () =>
      new Promise<Record<string, string>>((resolve, reject) => {
        const open = indexedDB.open('kvitt-offline');
        // Not there yet: looking must not create it, or the app would find a database without its store and could
        // never save into it.
        let absent = false;
        open.onupgradeneeded = () => {
          absent = true;
          open.transaction?.abort();
        };
        open.onerror = () => (absent ? resolve({}) : reject(new Error('IndexedDB did not open')));
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('saved')) {
            db.close();
            resolve({});
            return;
          }
          const store = db.transaction('saved', 'readonly').objectStore('saved');
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => {
            const entries: Record<string, string> = {};
            keys.result.forEach((key, index) => {
              entries[typeof key === 'string' ? key : JSON.stringify(key)] = JSON.stringify(values.result[index]);
            });
            db.close();
            resolve(entries);
          };
        };
      }),
  );
}

/** The signed-in user's id, as the server says. */
export async function userIdOf(page: Page): Promise<string> {
  const response = await page.request.get('/api/auth/get-session');
  const id = ((await response.json()) as { user?: { id?: string } } | null)?.user?.id;
  expect(id).toBeTruthy();
  return id ?? '';
}

/** Marks the onboarding tour of these groups as seen, so its pop-up never covers what a test taps. */
export async function skipTours(page: Page, userId: string, groupIds: string[]): Promise<void> {
  await page.evaluate(
    ({ keys }) => {
      for (const key of keys) localStorage.setItem(key, JSON.stringify({ step: 0, seen: true, dismissed: true }));
    },
    { keys: groupIds.map((groupId) => tourStorageKey(userId, groupId)) },
  );
}

/** A person signed up in this browser with these groups made over the API, their tours already seen. */
export async function signedUpWithGroups(
  page: Page,
  baseURL: string,
  name: string,
  groups: string[],
): Promise<{ userId: string; groupIds: string[] }> {
  await skipCookieBanner(page);
  await page.goto('/');
  await signUpInBrowser(page, baseURL, name);
  const userId = await userIdOf(page);
  const groupIds: string[] = [];
  for (const group of groups) groupIds.push(await apiGroup(page, group));
  await skipTours(page, userId, groupIds);
  return { userId, groupIds };
}
