/**
 * Why an upload cannot be used: NOT_AN_IMAGE (its bytes are no format this upload accepts), TOO_MANY_PIXELS (its
 * header claims more pixels than any camera takes: a decompression bomb), IMAGE_TOO_SMALL, IMAGE_UNREADABLE.
 * The route maps each code to an API error code.
 */
export type ImageErrorCode = 'NOT_AN_IMAGE' | 'TOO_MANY_PIXELS' | 'IMAGE_TOO_SMALL' | 'IMAGE_UNREADABLE';

/** A typed failure of image handling, so the server can answer with a code instead of a stack trace. */
export class ImageError extends Error {
  readonly code: ImageErrorCode;

  constructor(code: ImageErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ImageError';
    this.code = code;
  }
}
