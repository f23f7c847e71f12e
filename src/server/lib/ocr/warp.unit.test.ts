import { describe, expect, it } from 'vitest';
import { homography, project, warp } from './warp.ts';

const square = [
  { x: 0, y: 0 },
  { x: 10, y: 0 },
  { x: 10, y: 10 },
  { x: 0, y: 10 },
];

describe('homography and warp', () => {
  it('maps the four corners of one quadrilateral onto the other', () => {
    const quad = [
      { x: 3, y: 1 },
      { x: 40, y: 6 },
      { x: 35, y: 50 },
      { x: -2, y: 44 },
    ];
    const h = homography(square, quad);
    expect(h).not.toBeNull();
    for (const [i, p] of square.entries()) {
      const q = project(h ?? [], p);
      expect(q.x).toBeCloseTo(quad[i]?.x ?? NaN, 6);
      expect(q.y).toBeCloseTo(quad[i]?.y ?? NaN, 6);
    }
  });

  it('refuses four corners on one line', () => {
    const line = [0, 1, 2, 3].map((i) => ({ x: i, y: i }));
    expect(homography(square, line)).toBeNull();
  });

  it('samples the source through the homography and fills what lies outside it', () => {
    const source = { data: Uint8Array.from({ length: 16 }, (_, i) => i * 10), width: 4, height: 4, channels: 1 };
    // One pixel to the right: output (x, y) shows source (x + 1, y); the last column falls outside.
    const shifted = warp(source, [1, 0, 1, 0, 1, 0, 0, 0, 1], 4, 4, [255]);
    expect([...shifted.data.slice(0, 4)]).toEqual([10, 20, 30, 255]);
    // Half a pixel down: each value is the mean of two rows.
    const half = warp(source, [1, 0, 0, 0, 1, 0.5, 0, 0, 1], 4, 1, [255]);
    expect([...half.data]).toEqual([20, 30, 40, 50]);
  });
});
