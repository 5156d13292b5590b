import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DISPUTE_REASON_TEXT, DISPUTE_REASONS } from '@contract/dispute-reasons';

// Issue 32, item 9: one wording per dispute reason on the dispute screens, the timeline and the emails
// (the emails write DISPUTE_REASON_TEXT; the timeline said "Quality" where the dispute said "Quality problems").
const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const catalog = (feature: string, lang: 'en' | 'es' | 'pt') =>
  JSON.parse(readFileSync(path.join(src, 'features', feature, 'messages', `${lang}.json`), 'utf8')) as Record<string, string>;

describe('dispute reasons', () => {
  it('every code has the same words in the dispute screens, the timeline and the emails, in English, Spanish and Portuguese', () => {
    for (const lang of ['en', 'es', 'pt'] as const) {
      const disputes = catalog('disputes', lang);
      const activity = catalog('activity', lang);
      for (const code of DISPUTE_REASONS) {
        const words = DISPUTE_REASON_TEXT[lang][code];
        expect(words, `${lang} ${code}`).toBeTruthy();
        expect(words).not.toBe(code);
        expect({ code, lang, screens: disputes[`disputes.reason.${code}`], timeline: activity[`activity.reason.${code}`] }).toEqual({ code, lang, screens: words, timeline: words });
      }
      // No catalog knows a reason the database does not.
      const extra = Object.keys({ ...disputes, ...activity }).filter((k) => /^(disputes|activity)\.reason\./.test(k) && !(DISPUTE_REASONS as readonly string[]).includes(k.split('.').pop()!));
      expect(extra).toEqual([]);
    }
  });

  it('the database accepts exactly these codes', () => {
    // The table's current definition (decision 0039); the schema drift check holds it to the migrations.
    const schema = readFileSync(path.join(src, '..', '..', 'supabase', 'schemas', 'disputes.sql'), 'utf8');
    const check = /disputes_reason_valid check \(reason = any \(array\[([^\]]*)\]\)\)/.exec(schema)?.[1] ?? '';
    expect(check.split(',').map((s) => s.trim().replace(/'(.*)'::text/, '$1'))).toEqual([...DISPUTE_REASONS]);
  });
});

// Issue 32, item 9: browse said "Ya te postulaste" for a rejected application; its card now names the
// state in the words of the applications list.
describe("an application's state", () => {
  it('reads the same on the browse card as in the applications list, in English, Spanish and Portuguese', () => {
    for (const lang of ['en', 'es', 'pt'] as const) {
      const campaigns = catalog('campaigns', lang);
      const applications = catalog('applications', lang);
      for (const state of ['accepted', 'rejected', 'canceled']) {
        expect({ state, lang, card: campaigns[`campaigns.card.status.${state}`] }).toEqual({ state, lang, card: applications[`applications.status.${state}`] });
      }
    }
  });
});
