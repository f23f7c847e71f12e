// A thread of the image pool (decision 068): calls the image and OCR preparation functions as they are, so their
// pixel loops (paper finding, flattening, deskew, binarising, print measures) and HEIC decoding never run on the
// event loop that answers requests.
import { parentPort } from 'node:worker_threads';
import { runThisThreadInBackground } from '../background-priority.ts';
import { prepareUpload } from '../images/prepare-upload.ts';
import { preprocessForOcr } from '../ocr/preprocess.ts';
import { turnedOverPgm } from '../ocr/local-reader.ts';
import type { TaskMessage, ReplyMessage, Tasks } from './tasks.ts';

// Behind the event loop and the database when the cores are busy (decision 079).
runThisThreadInBackground();

const tasks: { [K in keyof Tasks]: (...args: Tasks[K]['args']) => Promise<Tasks[K]['result']> } = {
  preprocessForOcr: (image, options) => preprocessForOcr(image, options),
  prepareUpload: (image, options) => prepareUpload(image, options),
  turnOver: (pgm) => Promise.resolve(turnedOverPgm(Buffer.from(pgm.buffer, pgm.byteOffset, pgm.byteLength))),
};

parentPort?.on('message', (message: TaskMessage) => {
  const run = tasks[message.task] as (...args: unknown[]) => Promise<unknown>;
  run(...message.args).then(
    (value) => parentPort?.postMessage({ id: message.id, ok: true, value } satisfies ReplyMessage),
    (error: unknown) => {
      const failure =
        error instanceof Error
          ? { name: error.name, message: error.message, code: (error as { code?: unknown }).code }
          : { name: 'Error', message: String(error), code: undefined };
      parentPort?.postMessage({ id: message.id, ok: false, error: failure } satisfies ReplyMessage);
    },
  );
});
