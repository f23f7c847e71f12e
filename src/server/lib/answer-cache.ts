import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { Db } from '../db/client.ts';
import { ledgerVersion } from '../repositories/ledger-version.ts';
import { sharedReads } from './shared-reads.ts';

/**
 * The JSON bytes of a group's read answers, kept per group and ledger version (decision 075). The caller reads the
 * version from the database on every request, after the membership check, and names in `key` everything else the
 * answer depends on: the query, and the viewer and group fields it was computed from.
 */
export interface AnswerCache {
  /**
   * The bytes kept under `key` for the group at `version`, else those of what `compute` answers, kept for the next
   * request. Requests asking for the same key at the same version at once share one computation.
   */
  answer(
    groupId: string,
    version: number,
    key: string,
    compute: () => Promise<unknown>,
  ): Promise<Uint8Array<ArrayBuffer>>;
}

/** What an entry costs besides its body: the key, the map slots and the entry object, roughly. */
const ENTRY_OVERHEAD_BYTES = 256;

type Entry = { groupId: string; version: number; body: Uint8Array<ArrayBuffer>; size: number };

const encoder = new TextEncoder();

/**
 * An LRU of answers within `maxBytes`; 0 keeps nothing. The first answer kept for a group at a newer version drops
 * every entry of its older versions: no request that reads the version from now on can ask for them again.
 */
export function createAnswerCache(options: { maxBytes: number }): AnswerCache {
  const { maxBytes } = options;
  // Least recently used first: a hit moves its entry to the end.
  const entries = new Map<string, Entry>();
  const byGroup = new Map<string, { version: number; keys: Set<string> }>();
  const running = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();
  let bytes = 0;

  const drop = (k: string) => {
    const entry = entries.get(k);
    if (!entry) return;
    entries.delete(k);
    bytes -= entry.size;
    const group = byGroup.get(entry.groupId);
    group?.keys.delete(k);
    if (group?.keys.size === 0) byGroup.delete(entry.groupId);
  };

  /** False for a version older than one already kept: only requests already under way still ask for it. */
  const current = (groupId: string, version: number): boolean => {
    const group = byGroup.get(groupId);
    if (!group || version === group.version) return true;
    if (version < group.version) return false;
    for (const k of [...group.keys]) drop(k);
    return true;
  };

  const keep = (groupId: string, version: number, k: string, body: Uint8Array<ArrayBuffer>) => {
    const size = body.byteLength + ENTRY_OVERHEAD_BYTES;
    if (size > maxBytes || !current(groupId, version)) return;
    drop(k);
    entries.set(k, { groupId, version, body, size });
    bytes += size;
    const group = byGroup.get(groupId);
    if (group) group.keys.add(k);
    else byGroup.set(groupId, { version, keys: new Set([k]) });
    for (const oldest of entries.keys()) {
      if (bytes <= maxBytes) break;
      drop(oldest);
    }
  };

  return {
    async answer(groupId, version, key, compute) {
      const k = `${groupId}\u0000${key}`;
      const kept = entries.get(k);
      if (kept?.version === version) {
        entries.delete(k);
        entries.set(k, kept);
        return kept.body;
      }
      const computing = `${version}\u0000${k}`;
      let body = running.get(computing);
      if (!body) {
        body = Promise.resolve()
          .then(compute)
          .then((value) => {
            const encoded = encoder.encode(JSON.stringify(value));
            keep(groupId, version, k, encoded);
            return encoded;
          })
          .finally(() => running.delete(computing));
        running.set(computing, body);
      }
      return body;
    },
  };
}

/** The ledger version reads of each database handle, shared by the requests waiting for one. */
const versionReads = new WeakMap<Db, (groupId: string) => Promise<number>>();

/**
 * The group's answer under `key` at the ledger version the database holds now, read after this request asked for
 * it, so a change committed by any process is never answered from an older entry. Call it after the membership
 * check.
 */
export async function keptAnswer(
  answers: AnswerCache,
  db: Db,
  groupId: string,
  key: string,
  compute: () => Promise<unknown>,
): Promise<Uint8Array<ArrayBuffer>> {
  let version = versionReads.get(db);
  if (!version) versionReads.set(db, (version = sharedReads((id) => ledgerVersion(db, id))));
  return answers.answer(groupId, await version(groupId), key, compute);
}

/**
 * Kept bytes as the JSON answer a route declares: the body and Content-Type `c.json` would have sent, typed as its
 * answer so the web's client still knows the shape (decision 045).
 */
export function jsonBytes<T>(
  c: Context,
  body: Uint8Array<ArrayBuffer>,
): Response & TypedResponse<JSONParsed<T>, 200, 'json'> {
  const response: Response = c.body(body, 200, { 'Content-Type': 'application/json' });
  return response as Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
}
