import { describe, expect, it } from 'vitest';
import { DRAFT_MAX_BYTES, draftFileProblem, draftObjectPath } from './draft-file';

describe('draftFileProblem', () => {
  it('takes the bucket\'s videos and images up to 1 GB', () => {
    expect(draftFileProblem({ type: 'video/mp4', size: 10 })).toBeNull();
    expect(draftFileProblem({ type: 'video/webm', size: DRAFT_MAX_BYTES })).toBeNull();
    expect(draftFileProblem({ type: 'image/png', size: 10 })).toBeNull();
  });
  it('names what is wrong: the type, the size, an empty file', () => {
    expect(draftFileProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(draftFileProblem({ type: '', size: 10 })).toBe('type');
    expect(draftFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(draftFileProblem({ type: 'video/mp4', size: DRAFT_MAX_BYTES + 1 })).toBe('size');
    expect(draftFileProblem({ type: 'video/mp4', size: 0 })).toBe('empty');
  });
});

describe('draftObjectPath', () => {
  it('puts the file in the hire\'s folder under a name of our own', () => {
    expect(draftObjectPath('7c9e6679-7425-40de-944b-e07fc1f90ae7', 'video/quicktime', 1700000000000)).toBe('7c9e6679-7425-40de-944b-e07fc1f90ae7/draft-1700000000000.mov');
  });
});
