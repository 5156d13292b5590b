/**
 * The square of a picture that is kept: the largest square that fits, divided by the zoom, moved by the
 * offset. Offsets are fractions of the room left on each axis: -1 is flush left (or top), 0 centred, 1
 * flush right (or bottom), so the square never leaves the picture.
 */
export interface CropView {
  zoom: number;
  x: number;
  y: number;
}

export interface SourceSquare {
  sx: number;
  sy: number;
  side: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;
export const centredView: CropView = { zoom: 1, x: 0, y: 0 };

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

export function sourceSquare(width: number, height: number, view: CropView): SourceSquare {
  const zoom = clamp(view.zoom, MIN_ZOOM, MAX_ZOOM);
  const side = Math.min(width, height) / zoom;
  const roomX = (width - side) / 2;
  const roomY = (height - side) / 2;
  return { sx: roomX * (1 + clamp(view.x, -1, 1)), sy: roomY * (1 + clamp(view.y, -1, 1)), side };
}

/**
 * The view after dragging the picture by (dx, dy) pixels of a frame `frame` pixels wide: the picture
 * follows the pointer, so dragging right shows more of its left side.
 */
export function dragView(width: number, height: number, view: CropView, dx: number, dy: number, frame: number): CropView {
  const { side } = sourceSquare(width, height, view);
  const perPixel = side / frame;
  const roomX = (width - side) / 2;
  const roomY = (height - side) / 2;
  const x = roomX > 0 ? view.x - (dx * perPixel) / roomX : 0;
  const y = roomY > 0 ? view.y - (dy * perPixel) / roomY : 0;
  return { zoom: view.zoom, x: clamp(x, -1, 1), y: clamp(y, -1, 1) };
}

export function zoomView(view: CropView, zoom: number): CropView {
  return { ...view, zoom: clamp(zoom, MIN_ZOOM, MAX_ZOOM) };
}

/** A decoded picture: an ImageBitmap in the app (decoded from the File itself, no blob: URL for the CSP to allow). */
export type Picture = CanvasImageSource & { width: number; height: number };

/** Draws the kept square of the picture onto a square canvas of `side` pixels. */
export function drawSquare(ctx: CanvasRenderingContext2D, image: Picture, view: CropView, side: number): void {
  const { sx, sy, side: s } = sourceSquare(image.width, image.height, view);
  ctx.imageSmoothingQuality = 'high';
  ctx.clearRect(0, 0, side, side);
  ctx.drawImage(image, sx, sy, s, s, 0, 0, side, side);
}

/**
 * The kept square encoded as WebP (a browser that cannot encode WebP gives PNG back, so JPEG then): a
 * 512 px photo is some tens of kilobytes, far under the buckets' 2 MB.
 */
export async function encodeSquare(image: Picture, view: CropView, side: number): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas_unavailable');
  drawSquare(ctx, image, view, side);
  const webp = await toBlob(canvas, 'image/webp', 0.85);
  if (webp?.type === 'image/webp') return webp;
  const jpeg = await toBlob(canvas, 'image/jpeg', 0.88);
  if (!jpeg) throw new Error('canvas_unavailable');
  return jpeg;
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}
