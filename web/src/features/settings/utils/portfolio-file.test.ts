import { describe, expect, it } from 'vitest';
import { MAX_PORTFOLIO_IMAGE_BYTES, MAX_PORTFOLIO_VIDEO_BYTES, portfolioFileCheck, portfolioObjectPaths, thumbnailSize } from './portfolio-file';

const uid = '00000000-0000-0000-0000-000000000c01';

describe('portfolioFileCheck', () => {
  it('takes JPEG, PNG and WebP images up to 10 MB and MP4, QuickTime and WebM videos up to 100 MB', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(portfolioFileCheck({ type, size: MAX_PORTFOLIO_IMAGE_BYTES })).toEqual({ kind: 'image' });
    for (const type of ['video/mp4', 'video/quicktime', 'video/webm']) expect(portfolioFileCheck({ type, size: MAX_PORTFOLIO_VIDEO_BYTES })).toEqual({ kind: 'video' });
  });

  it('refuses types the bucket does not take, and empty files', () => {
    for (const type of ['image/gif', 'image/svg+xml', 'image/heic', 'video/x-msvideo', 'application/pdf', '']) {
      expect(portfolioFileCheck({ type, size: 10 }), type).toEqual({ problem: 'type' });
    }
    expect(portfolioFileCheck({ type: 'image/png', size: 0 })).toEqual({ problem: 'type' });
  });

  it('refuses an image over 10 MB and a video over 100 MB, naming the limit', () => {
    expect(portfolioFileCheck({ type: 'image/jpeg', size: MAX_PORTFOLIO_IMAGE_BYTES + 1 })).toEqual({ problem: 'size', max: MAX_PORTFOLIO_IMAGE_BYTES });
    expect(portfolioFileCheck({ type: 'video/mp4', size: MAX_PORTFOLIO_VIDEO_BYTES + 1 })).toEqual({ problem: 'size', max: MAX_PORTFOLIO_VIDEO_BYTES });
    // A 20 MB video is fine where a 20 MB image is not.
    expect(portfolioFileCheck({ type: 'video/webm', size: 20 * 1024 * 1024 })).toEqual({ kind: 'video' });
    expect(portfolioFileCheck({ type: 'image/webp', size: 20 * 1024 * 1024 })).toMatchObject({ problem: 'size' });
  });
});

describe('portfolioObjectPaths', () => {
  it('names the upload and its thumbnail anew in the creator\'s folder, whatever the file was called', () => {
    expect(portfolioObjectPaths(uid, 'video/quicktime', 1_700_000_000_000, 'k3')).toEqual({ path: `${uid}/loyw3v28-k3.mov`, thumbnail: `${uid}/loyw3v28-k3-thumb.webp` });
    expect(portfolioObjectPaths(uid, 'image/jpeg', 1, 'a').path).toBe(`${uid}/1-a.jpg`);
  });
});

describe('thumbnailSize', () => {
  it('shrinks the long side to 480 and keeps the shape, never enlarging', () => {
    expect(thumbnailSize(4000, 3000)).toEqual({ width: 480, height: 360 });
    expect(thumbnailSize(1080, 1920)).toEqual({ width: 270, height: 480 });
    expect(thumbnailSize(200, 100)).toEqual({ width: 200, height: 100 });
  });
});
