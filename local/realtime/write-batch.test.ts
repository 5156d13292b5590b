import { describe, expect, it } from 'vitest';
import { WriteBatch } from './write-batch.ts';

function socket() {
  const log: string[] = [];
  return { log, cork: () => log.push('cork'), uncork: () => log.push('uncork') };
}

describe('WriteBatch', () => {
  it('corks each socket written to once per batch and uncorks it when the outermost batch ends', () => {
    const batch = new WriteBatch();
    const a = socket();
    const b = socket();
    batch.run(() => {
      batch.enlist(a);
      batch.enlist(a);
      batch.run(() => batch.enlist(b));
      // A nested batch does not release what the outer one still holds.
      expect(b.log).toEqual(['cork']);
      batch.enlist(a);
    });
    expect(a.log).toEqual(['cork', 'uncork']);
    expect(b.log).toEqual(['cork', 'uncork']);
  });

  it('leaves writes outside a batch alone, and releases the sockets when the batch throws', () => {
    const batch = new WriteBatch();
    const a = socket();
    batch.enlist(a);
    expect(a.log).toEqual([]);
    expect(() =>
      batch.run(() => {
        batch.enlist(a);
        throw new Error('delivery failed');
      }),
    ).toThrow('delivery failed');
    expect(a.log).toEqual(['cork', 'uncork']);
    batch.run(() => batch.enlist(a));
    expect(a.log).toEqual(['cork', 'uncork', 'cork', 'uncork']);
  });
});
