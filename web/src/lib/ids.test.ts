import { describe, expect, it } from 'vitest';
import { isUuid } from '@contract/ids';

describe('isUuid', () => {
  it('accepts uuids in either case', () => {
    expect(isUuid('00000000-0000-0000-0001-00000000000a')).toBe(true);
    expect(isUuid('0A1B2C3D-0000-4000-8000-00000000000A')).toBe(true);
  });

  it('refuses words the router may hand over as an id', () => {
    for (const value of ['new', 'create', '', ' 00000000-0000-0000-0001-00000000000a', '00000000000000000001000000000001', null, undefined]) {
      expect(isUuid(value)).toBe(false);
    }
  });
});
