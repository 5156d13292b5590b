import { describe, expect, it } from 'vitest';
import { platformLabel, titleCase } from './format';

describe('platformLabel', () => {
  it('spells platforms as their owners do', () => {
    expect(['tiktok', 'instagram', 'youtube', 'facebook', 'twitter'].map(platformLabel)).toEqual(['TikTok', 'Instagram', 'YouTube', 'Facebook', 'Twitter']);
    expect(platformLabel('all')).toBe('All');
  });

  it('title-cases what it does not know', () => {
    expect(titleCase('reel')).toBe('Reel');
  });
});
