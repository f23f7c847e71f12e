// heic-decode ships no types; this is the part of its API Kvitt uses.
declare module 'heic-decode' {
  type DecodedImage = { width: number; height: number; data: Uint8ClampedArray };
  /** An image of the file with the size its header gives; `decode` decodes its pixels. */
  type HeifImage = { width: number; height: number; decode(): Promise<DecodedImage> };
  function decode(input: { buffer: Uint8Array | ArrayBuffer }): Promise<DecodedImage>;
  namespace decode {
    /** Reads the file's structure without decoding any pixels; `dispose` frees the decoder. */
    function all(input: { buffer: Uint8Array | ArrayBuffer }): Promise<HeifImage[] & { dispose(): void }>;
  }
  export default decode;
}
