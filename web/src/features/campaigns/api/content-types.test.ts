import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { CAMPAIGN_CONTENT_TYPES } from '@contract/campaign-content-types';
import { CONTENT_TYPE_FILTERS } from '../utils/browse-params';
import { FORM_CONTENT_TYPES } from './campaign-schema';
import en from '../messages/en.json';
import es from '../messages/es.json';

// Issue 32, item 9: the campaign form offered five content types and the browse filter six ("reel" could
// be filtered by but not asked for). One list, the database's, now feeds both.
// The current definitions (decision 0039): the check constraint and the functions that validate or filter.
const schemas = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../supabase/schemas');

describe('content types', () => {
  it('brands can ask for exactly the types creators can filter by', () => {
    expect([...FORM_CONTENT_TYPES]).toEqual([...CAMPAIGN_CONTENT_TYPES]);
    expect([...CONTENT_TYPE_FILTERS]).toEqual([...CAMPAIGN_CONTENT_TYPES]);
  });

  it('the list is the one the database checks, wherever the schema names it', () => {
    const lists = readdirSync(schemas, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) =>
        [...readFileSync(path.join(schemas, f), 'utf8').matchAll(/content_type (?:(?:not )?in \(([^)]*)\)|= any \(array\[([^\]]*)\]\))/g)].map((m) => ({
          f,
          list: (m[1] ?? m[2])!,
        })),
      );
    expect(lists.length).toBeGreaterThanOrEqual(3);
    for (const { f, list } of lists) expect({ f, types: list.split(',').map((s) => s.trim().replace(/^'(.*)'(::text)?$/, '$1')) }).toEqual({ f, types: [...CAMPAIGN_CONTENT_TYPES] });
  });

  it('every type has a name in English and Spanish', () => {
    for (const type of CAMPAIGN_CONTENT_TYPES) {
      expect((en as Record<string, string>)[`campaigns.contentType.${type}`], type).toBeTruthy();
      expect((es as Record<string, string>)[`campaigns.contentType.${type}`], type).toBeTruthy();
    }
  });
});
