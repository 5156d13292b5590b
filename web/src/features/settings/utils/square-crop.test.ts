import { describe, expect, it } from 'vitest';
import { centredView, dragView, sourceSquare, zoomView } from './square-crop';

describe('sourceSquare', () => {
  it('keeps the largest centred square by default', () => {
    expect(sourceSquare(1200, 800, centredView)).toEqual({ sx: 200, sy: 0, side: 800 });
    expect(sourceSquare(600, 900, centredView)).toEqual({ sx: 0, sy: 150, side: 600 });
    expect(sourceSquare(500, 500, centredView)).toEqual({ sx: 0, sy: 0, side: 500 });
  });

  it('moves flush to either edge and never past it', () => {
    expect(sourceSquare(1200, 800, { zoom: 1, x: -1, y: 0 })).toEqual({ sx: 0, sy: 0, side: 800 });
    expect(sourceSquare(1200, 800, { zoom: 1, x: 1, y: 0 })).toEqual({ sx: 400, sy: 0, side: 800 });
    expect(sourceSquare(1200, 800, { zoom: 1, x: 7, y: -3 })).toEqual({ sx: 400, sy: 0, side: 800 });
  });

  it('zooms into a smaller square, within the limits', () => {
    expect(sourceSquare(1000, 1000, { zoom: 2, x: 0, y: 0 })).toEqual({ sx: 250, sy: 250, side: 500 });
    expect(sourceSquare(1000, 1000, { zoom: 2, x: 1, y: -1 })).toEqual({ sx: 500, sy: 0, side: 500 });
    expect(sourceSquare(1000, 1000, { zoom: 99, x: 0, y: 0 }).side).toBe(250);
    expect(sourceSquare(1000, 1000, { zoom: 0.1, x: 0, y: 0 }).side).toBe(1000);
  });
});

describe('dragView', () => {
  it('makes the picture follow the pointer', () => {
    // 1200x800 in a 200 px frame: 4 source pixels per frame pixel, 200 px of room each side.
    const v = dragView(1200, 800, centredView, 25, 0, 200);
    expect(v.x).toBeCloseTo(-0.5);
    expect(sourceSquare(1200, 800, v).sx).toBeCloseTo(100);
  });

  it('stops at the edges and ignores an axis with no room', () => {
    expect(dragView(1200, 800, centredView, -1000, 1000, 200)).toEqual({ zoom: 1, x: 1, y: 0 });
  });

  it('keeps the zoom, and zoomView clamps it', () => {
    expect(dragView(1000, 1000, zoomView(centredView, 2), 10, 10, 100).zoom).toBe(2);
    expect(zoomView(centredView, 9).zoom).toBe(4);
  });
});
