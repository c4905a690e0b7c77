import { describe, expect, it } from 'vitest';
import { squareDraw } from './crop';

describe('square crop', () => {
  it('copies the chosen square at up to the stored size', () => {
    expect(squareDraw({ x: 100, y: 50, width: 800, height: 800 }, { width: 1200, height: 900 }, 512)).toEqual({ sx: 100, sy: 50, sw: 800, sh: 800, side: 512 });
  });

  it('does not upscale a small area', () => {
    expect(squareDraw({ x: 0, y: 0, width: 64, height: 64 }, { width: 64, height: 64 }, 512)).toEqual({ sx: 0, sy: 0, sw: 64, sh: 64, side: 64 });
  });

  it('makes a slightly uneven area square (its shorter side) and keeps it inside the image', () => {
    expect(squareDraw({ x: 10.4, y: -2, width: 300.6, height: 299.7 }, { width: 310, height: 300 }, 512)).toEqual({ sx: 10, sy: 0, sw: 299, sh: 299, side: 299 });
    expect(squareDraw({ x: 250, y: 0, width: 100, height: 100 }, { width: 300, height: 100 }, 512)).toEqual({ sx: 200, sy: 0, sw: 100, sh: 100, side: 100 });
  });

  it('never yields an empty canvas', () => {
    expect(squareDraw({ x: 0, y: 0, width: 0.2, height: 0.2 }, { width: 10, height: 10 }, 512).side).toBe(1);
  });
});
