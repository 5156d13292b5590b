import { describe, expect, it } from 'vitest';
import { BRIEF_MAX_BYTES, briefFileProblem, briefFileSize, briefObjectPath, briefShownName } from './brief-files';

describe('brief files', () => {
  it('accepts PDFs and images up to 25 MB, refuses other types and bigger files', () => {
    expect(briefFileProblem({ type: 'application/pdf', size: BRIEF_MAX_BYTES })).toBeNull();
    expect(briefFileProblem({ type: 'image/webp', size: 10 })).toBeNull();
    expect(briefFileProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(briefFileProblem({ type: '', size: 10 })).toBe('type');
    expect(briefFileProblem({ type: 'application/pdf', size: BRIEF_MAX_BYTES + 1 })).toBe('size');
  });

  it('keys stay in the campaign folder with plain characters, whatever the name', () => {
    const id = '00000000-0000-0000-0001-000000000001';
    expect(briefObjectPath(id, 'Guía de marca (v2).PDF', 7)).toBe(`${id}/7-guia-de-marca-v2.pdf`);
    expect(briefObjectPath(id, '../../etc/passwd', 7)).toBe(`${id}/7-etc-passwd`);
    expect(briefObjectPath(id, '\u0000', 7)).toBe(`${id}/7-file`);
  });

  it('the name shown loses control characters and is cut to 200 characters', () => {
    expect(briefShownName(' Brief\u0007.pdf ')).toBe('Brief.pdf');
    expect(briefShownName('x'.repeat(300))).toHaveLength(200);
    expect(briefShownName('\n')).toBe('file');
  });
});

describe('file sizes', () => {
  it('kilobytes under a megabyte (at least 1), megabytes with one decimal above', () => {
    expect(briefFileSize(50)).toEqual({ unit: 'kb', size: 1 });
    expect(briefFileSize(48 * 1024)).toEqual({ unit: 'kb', size: 48 });
    expect(briefFileSize(3.24 * 1024 * 1024)).toEqual({ unit: 'mb', size: 3.2 });
  });
});
