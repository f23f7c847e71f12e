import type { PrepareOptions, PreparedUpload } from '../images/prepare-upload.ts';
import type { PreparedForOcr, PreprocessOptions } from '../ocr/preprocess.ts';

/** What each thread task takes and answers; buffers arrive as Uint8Array on the other side (structured clone). */
export type Tasks = {
  preprocessForOcr: { args: [image: Uint8Array, options: PreprocessOptions]; result: PreparedForOcr };
  prepareUpload: { args: [image: Uint8Array, options: PrepareOptions]; result: PreparedUpload };
  turnOver: { args: [pgm: Uint8Array]; result: Buffer };
};

export type TaskMessage = { [K in keyof Tasks]: { id: number; task: K; args: Tasks[K]['args'] } }[keyof Tasks];
export type ReplyMessage =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: { name: string; message: string; code: unknown } };
