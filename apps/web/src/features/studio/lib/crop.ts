/** A rectangle in the source image's pixels (react-easy-crop's `croppedAreaPixels`). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface SquareDraw {
  /** The source rectangle, inside the image. */
  sx: number;
  sy: number;
  sw: number;
  sh: number;
  /** The output canvas's side. */
  side: number;
}

/**
 * What to copy from the image onto a square canvas: the chosen area made square (its shorter side)
 * and kept inside the image, drawn at `maxSide` pixels or smaller when the area itself is smaller
 * (no blurry upscaling; the platform re-encodes to its own size anyway).
 */
export function squareDraw(area: PixelArea, image: { width: number; height: number }, maxSide: number): SquareDraw {
  const side = Math.max(1, Math.floor(Math.min(area.width, area.height, image.width, image.height)));
  const sx = Math.min(Math.max(0, Math.round(area.x)), image.width - side);
  const sy = Math.min(Math.max(0, Math.round(area.y)), image.height - side);
  return { sx, sy, sw: side, sh: side, side: Math.min(side, maxSide) };
}
