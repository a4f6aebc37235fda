/*
 * Face detection (issue #25, decision 062): boxes only, never anything that could identify a
 * person. The detector itself lands with decision 065; until then no face is found.
 */

/** A face found in an image: its box as fractions (0..1) of the image's width and height. */
export interface DetectedFace {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** The faces in an image (bytes or a file path), boxes in the oriented image's frame. */
export async function detectFaces(_input: Buffer | string): Promise<DetectedFace[]> {
  return [];
}
