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
const migrations = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../supabase/migrations');

describe('content types', () => {
  it('brands can ask for exactly the types creators can filter by', () => {
    expect([...FORM_CONTENT_TYPES]).toEqual([...CAMPAIGN_CONTENT_TYPES]);
    expect([...CONTENT_TYPE_FILTERS]).toEqual([...CAMPAIGN_CONTENT_TYPES]);
  });

  it('the list is the one the database checks, in every migration that names it', () => {
    const lists = readdirSync(migrations)
      .filter((f) => f.endsWith('.sql'))
      .flatMap((f) => [...readFileSync(path.join(migrations, f), 'utf8').matchAll(/content_type (?:not )?in \(([^)]*)\)/g)].map((m) => ({ f, list: m[1]! })));
    expect(lists.length).toBeGreaterThanOrEqual(2);
    for (const { f, list } of lists) expect({ f, types: list.split(',').map((s) => s.trim().replace(/'/g, '')) }).toEqual({ f, types: [...CAMPAIGN_CONTENT_TYPES] });
  });

  it('every type has a name in English and Spanish', () => {
    for (const type of CAMPAIGN_CONTENT_TYPES) {
      expect((en as Record<string, string>)[`campaigns.contentType.${type}`], type).toBeTruthy();
      expect((es as Record<string, string>)[`campaigns.contentType.${type}`], type).toBeTruthy();
    }
  });
});
