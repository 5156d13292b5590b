import { describe, expect, it } from 'vitest';
import { encodedPictureProblem, MAX_SOURCE_BYTES, MAX_UPLOAD_BYTES, megabytes, objectPathOfPublicUrl, pictureFileProblem, pictureObjectPath } from './picture-file';

const uid = '00000000-0000-0000-0000-000000000c01';

describe('pictureFileProblem', () => {
  it('takes JPEG, PNG and WebP up to the source limit', () => {
    for (const type of ['image/jpeg', 'image/png', 'image/webp']) expect(pictureFileProblem({ type, size: MAX_SOURCE_BYTES })).toBeNull();
  });

  it('refuses other types, even images the buckets do not take', () => {
    for (const type of ['application/pdf', 'image/gif', 'image/svg+xml', 'image/heic', 'video/mp4', '']) expect(pictureFileProblem({ type, size: 10 })).toBe('type');
  });

  it('refuses a file over the source limit', () => {
    expect(pictureFileProblem({ type: 'image/png', size: MAX_SOURCE_BYTES + 1 })).toBe('size');
  });
});

describe('encodedPictureProblem', () => {
  it('holds the encoded square to the buckets\' 2 MB', () => {
    expect(encodedPictureProblem({ type: 'image/webp', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(encodedPictureProblem({ type: 'image/webp', size: MAX_UPLOAD_BYTES + 1 })).toBe('size');
    expect(encodedPictureProblem({ type: 'image/bmp', size: 10 })).toBe('type');
  });
});

describe('paths', () => {
  it('names each upload anew inside the owner\'s folder', () => {
    expect(pictureObjectPath(uid, 'avatars', 'image/webp', 1_700_000_000_000)).toBe(`${uid}/avatar-loyw3v28.webp`);
    expect(pictureObjectPath(uid, 'logos', 'image/jpeg', 1)).toBe(`${uid}/logo-1.jpg`);
  });

  it('finds the key of the user\'s own public URL only', () => {
    const base = 'http://localhost:54321/storage/v1/object/public';
    expect(objectPathOfPublicUrl(`${base}/avatars/${uid}/avatar-1.webp`, 'avatars', uid)).toBe(`${uid}/avatar-1.webp`);
    expect(objectPathOfPublicUrl(`${base}/avatars/${uid}/avatar-1.webp?t=1`, 'avatars', uid)).toBe(`${uid}/avatar-1.webp`);
    expect(objectPathOfPublicUrl(`${base}/logos/${uid}/logo-1.webp`, 'avatars', uid)).toBeNull();
    expect(objectPathOfPublicUrl(`${base}/avatars/someone-else/avatar-1.webp`, 'avatars', uid)).toBeNull();
    expect(objectPathOfPublicUrl(`${base}/avatars/${uid}/deeper/a.webp`, 'avatars', uid)).toBeNull();
    expect(objectPathOfPublicUrl('https://images.example/me.png', 'avatars', uid)).toBeNull();
    expect(objectPathOfPublicUrl(null, 'avatars', uid)).toBeNull();
  });

  it('prints sizes in megabytes', () => {
    expect(megabytes(MAX_UPLOAD_BYTES)).toBe('2');
    expect(megabytes(MAX_SOURCE_BYTES)).toBe('10');
  });
});
