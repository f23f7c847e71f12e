/**
 * Why a receipt could not be read: TIMEOUT (reading this image passed its time limit; a reader was running),
 * BUSY (the queue is full), CLOSED (the pool was shut down), UNAVAILABLE (no tesseract worker is running or could
 * start), UNREADABLE (nothing usable in the picture), FAILED (the engine or the vision model broke). The route maps
 * each to an error code; TIMEOUT has its own (OCR_TIMEOUT), distinct from UNAVAILABLE's.
 */
export type OcrErrorCode = 'TIMEOUT' | 'BUSY' | 'CLOSED' | 'UNAVAILABLE' | 'UNREADABLE' | 'FAILED';

export class OcrError extends Error {
  readonly code: OcrErrorCode;

  constructor(code: OcrErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OcrError';
    this.code = code;
  }
}

/** Settles with the promise, or rejects with OcrError TIMEOUT after `ms` and calls `onTimeout` (to kill the work). */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string, onTimeout?: () => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => {
      onTimeout?.();
      reject(new OcrError('TIMEOUT', `${what} took longer than ${ms} ms`));
    }, ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new OcrError('FAILED', `${what} failed: ${String(error)}`));
      },
    );
  });
}

/** The logging calls the OCR code makes; a pino logger fits. */
export type OcrLogger = {
  info(details: Record<string, unknown>, message: string): void;
  warn(details: Record<string, unknown>, message: string): void;
};

export const silentLogger: OcrLogger = { info: () => {}, warn: () => {} };
