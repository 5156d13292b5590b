import { thumbnailSize, THUMBNAIL_SIDE } from './portfolio-file';

/**
 * The small WebP (JPEG where the browser cannot encode WebP) that lists show of an image, made in the
 * browser as the profile photo is (decision 0046): Storage's image transformations are not on every plan,
 * and local/ does not serve them. Decoding the file here also refuses one that only claims to be an image.
 */
export async function makeImageThumbnail(file: Blob): Promise<Blob> {
  const image = await createImageBitmap(file);
  try {
    const size = thumbnailSize(image.width, image.height, THUMBNAIL_SIDE);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('canvas_unavailable');
    ctx.imageSmoothingQuality = 'high';
    ctx.drawImage(image, 0, 0, size.width, size.height);
    const webp = await toBlob(canvas, 'image/webp', 0.8);
    if (webp?.type === 'image/webp') return webp;
    const jpeg = await toBlob(canvas, 'image/jpeg', 0.85);
    if (!jpeg) throw new Error('canvas_unavailable');
    return jpeg;
  } finally {
    image.close();
  }
}

function toBlob(canvas: HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}
