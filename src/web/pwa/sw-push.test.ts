import { describe, expect, it } from 'vitest';
import { registerPushHandlers } from './sw-push.ts';
import type { NotificationClickLike, PushEventLike, PushWorkerScope } from './sw-push.ts';

type Shown = { title: string; options: NotificationOptions | undefined };

/** A worker scope that records what the handlers do, with `windows` as the open Kvitt tabs. */
function workerScope(windows: Array<{ url: string; focused?: boolean; navigatedTo?: string }> = []) {
  const listeners: Record<string, (event: never) => void> = {};
  const shown: Shown[] = [];
  const opened: string[] = [];
  const clients = windows.map((w) => ({
    get url() {
      return w.url;
    },
    focus: async () => {
      w.focused = true;
    },
    navigate: async (url: string) => {
      w.navigatedTo = url;
    },
  }));
  const scope: PushWorkerScope = {
    location: { origin: 'https://kvitt.se' },
    registration: {
      showNotification: async (title, options) => {
        shown.push({ title, options });
      },
    },
    clients: { matchAll: async () => clients, openWindow: async (url) => opened.push(url) },
    addEventListener: (type: string, listener: (event: never) => void) => {
      listeners[type] = listener;
    },
  };
  registerPushHandlers(scope);
  const run = async (type: string, event: object) => {
    const waits: Array<Promise<unknown>> = [];
    listeners[type]?.({ ...event, waitUntil: (work: Promise<unknown>) => waits.push(work) } as never);
    await Promise.all(waits);
  };
  return {
    shown,
    opened,
    push: (data: unknown) =>
      run('push', {
        data: data === null ? null : { json: () => (typeof data === 'string' ? JSON.parse(data) : data) },
      } satisfies Omit<PushEventLike, 'waitUntil'>),
    click: (data: unknown) =>
      run('notificationclick', { notification: { data, close: () => undefined } } satisfies Omit<
        NotificationClickLike,
        'waitUntil'
      >),
  };
}

const message = {
  title: 'Fjällresa',
  body: 'Anna lade till ICA Maxi (300 kr) i Fjällresa',
  url: '/app/group/g1',
  tag: 'expense-1',
};

describe('the service worker’s push handlers', () => {
  it('shows the server’s message as a Swedish notification, one per tag, that remembers its page', async () => {
    const worker = workerScope();
    await worker.push(message);
    expect(worker.shown).toEqual([
      {
        title: 'Fjällresa',
        options: { body: message.body, tag: 'expense-1', lang: 'sv', data: { url: '/app/group/g1' } },
      },
    ]);
  });

  it('still shows a notification for a push it cannot read, and never keeps a link to another site', async () => {
    const worker = workerScope();
    await worker.push(null);
    await worker.push('not json');
    await worker.push({ ...message, url: 'https://evil.example/x' });
    await worker.push({ ...message, url: '//evil.example/x' });
    expect(worker.shown.map((s) => [s.title, (s.options?.data as { url: string }).url])).toEqual([
      ['Kvitt', '/app'],
      ['Kvitt', '/app'],
      ['Fjällresa', '/app'],
      ['Fjällresa', '/app'],
    ]);
  });

  it('moves an open Kvitt tab to the group on a click, or opens one when none is open', async () => {
    const tab = { url: 'https://kvitt.se/app' } as { url: string; focused?: boolean; navigatedTo?: string };
    const withTab = workerScope([tab]);
    await withTab.click({ url: '/app/group/g1' });
    expect(tab).toMatchObject({ focused: true, navigatedTo: 'https://kvitt.se/app/group/g1' });
    expect(withTab.opened).toEqual([]);

    const without = workerScope([]);
    await without.click({ url: '/app/group/g1' });
    await without.click({ url: 'https://evil.example' });
    expect(without.opened).toEqual(['https://kvitt.se/app/group/g1', 'https://kvitt.se/app']);
  });
});
