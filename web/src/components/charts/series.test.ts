import { describe, expect, it } from 'vitest';
import { bucketLabel } from './buckets';
import { isAllZero, latest, maxValue, peak, seriesTotals } from './series';

const data = {
  buckets: ['A', 'B', 'C'],
  series: [
    { key: 'x', label: 'X', values: [1, 4, 4] },
    { key: 'y', label: 'Y', values: [0, 2, 0] },
  ],
};

describe('chart series helpers', () => {
  it('totals each series', () => expect(seriesTotals(data)).toEqual({ x: 9, y: 2 }));

  it('finds the first peak, and none in a series of zeros', () => {
    expect(peak(data, 'x')).toEqual({ bucket: 'B', value: 4 });
    expect(peak({ ...data, series: [{ key: 'z', label: 'Z', values: [0, 0, 0] }] }, 'z')).toBeNull();
    expect(peak(data, 'missing')).toBeNull();
  });

  it('reads the latest bucket', () => {
    expect(latest(data, 'x')).toBe(4);
    expect(latest(data, 'missing')).toBe(0);
  });

  it('scales to the tallest bar, or stack, and never to 0', () => {
    expect(maxValue(data, false)).toBe(4);
    expect(maxValue(data, true)).toBe(6);
    expect(maxValue({ buckets: ['A'], series: [{ key: 'z', label: 'Z', values: [0] }] }, true)).toBe(1);
  });

  it('tells an all-zero chart (the empty state) from one with figures', () => {
    expect(isAllZero(data)).toBe(false);
    expect(isAllZero({ buckets: ['A', 'B'], series: [{ key: 'z', label: 'Z', values: [0, 0] }] })).toBe(true);
  });
});

describe('bucket labels', () => {
  it('writes weeks and months in the reader\'s language, on the calendar day the API named', () => {
    expect(bucketLabel('2026-11-02', 'week', 'en')).toBe('Nov 2');
    expect(bucketLabel('2026-11-01', 'month', 'en')).toBe('Nov 2026');
    expect(bucketLabel('2026-11-01', 'month', 'es')).toMatch(/^nov\.? (de )?2026$/);
    expect(bucketLabel('2026-01-05', 'week', 'es')).toMatch(/^5 (de )?ene\.?$/);
  });
});
