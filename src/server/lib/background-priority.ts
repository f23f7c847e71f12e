import { readlinkSync } from 'node:fs';
import os from 'node:os';

/**
 * How much lower than the request path the threads doing image and OCR work run: at nice 10 the kernel gives a
 * thread about a tenth of a default thread's share of a busy core, and none of an idle one is withheld (decision 079).
 */
export const BACKGROUND_NICENESS = 10;

/**
 * Lowers the CPU priority of the calling thread alone (on Linux a thread's id is accepted where a process id is,
 * and nice is kept per thread), so that the event loop answering requests, and the embedded database's thread,
 * are scheduled first when the cores are busy. Returns whether it could; elsewhere than Linux it does nothing.
 */
export function runThisThreadInBackground(niceness = BACKGROUND_NICENESS): boolean {
  try {
    const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (!Number.isSafeInteger(threadId) || threadId <= 0) return false;
    os.setPriority(threadId, Math.max(os.getPriority(threadId), niceness));
    return true;
  } catch {
    return false;
  }
}
