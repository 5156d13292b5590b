import { describe, expect, it } from 'vitest';
import { pictureUrl, publicObjectUrl } from './storage-url';

const base = 'https://abc.supabase.co';

describe('publicObjectUrl', () => {
  it('builds the public address of a key, each segment encoded as storage-js does', () => {
    expect(publicObjectUrl(base, 'portfolio', 'c01/a b#1.webp')).toBe(`${base}/storage/v1/object/public/portfolio/c01/a%20b%231.webp`);
  });
});

describe('pictureUrl', () => {
  it('reads the seed\'s root-relative Storage address against the Supabase URL and leaves full URLs alone', () => {
    expect(pictureUrl(base, '/storage/v1/object/public/avatars/c01/avatar.webp')).toBe(`${base}/storage/v1/object/public/avatars/c01/avatar.webp`);
    expect(pictureUrl(base, 'https://x.example/storage/v1/object/public/avatars/c01/a.webp')).toBe('https://x.example/storage/v1/object/public/avatars/c01/a.webp');
    expect(pictureUrl(base, null)).toBeNull();
    expect(pictureUrl(base, '')).toBeNull();
  });
});
