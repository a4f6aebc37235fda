// What the image pipeline makes, and its limits: shared by the server and the image process.

/** Above this many pixels an image is refused before decoding: no decompression bombs. */
export const MAX_INPUT_PIXELS = 50_000_000;

/** Longer side of the display copy, the grid thumbnail and the inline placeholder. */
export const DISPLAY_MAX_PX = 1920;
export const THUMB_MAX_PX = 480;
export const PLACEHOLDER_PX = 16;

/** An image given as its bytes or as the path of a file holding them (an upload's temp file). */
export type ImageInput = Buffer | string;

/** One encoded image. */
export interface EncodedImage {
  data: Buffer;
  width: number;
  height: number;
}

/** What a photo or an album cover is stored as. */
export interface ImageVariants {
  /** ≤ 1920 px on the longer side, WebP: the detail view. */
  display: EncodedImage;
  /** ≤ 480 px on the longer side, WebP: grids and cards. */
  thumb: EncodedImage;
  /** A 16 px WebP as a data: URL (a few hundred bytes), shown while the real image loads. */
  placeholder: string;
}
