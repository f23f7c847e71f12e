/** Why an upload cannot be used; the route maps each code to an API error code and a Swedish text. */
export type ImageErrorCode = 'NOT_AN_IMAGE' | 'IMAGE_TOO_SMALL' | 'IMAGE_UNREADABLE';

/** A typed failure of image handling, so the server can answer with a code instead of a stack trace. */
export class ImageError extends Error {
  readonly code: ImageErrorCode;

  constructor(code: ImageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageError';
    this.code = code;
  }
}
