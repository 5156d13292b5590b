import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { formatters } from '@/i18n/format';
import type { AuditEntry } from '../api/admin-types';
import type { AdminT } from '../messages/admin-text';
import { auditActor, auditChanges, auditSentence } from './audit-entry';

// The English catalog as written, with plain {name} slots filled in (enough for these texts; no plurals).
const en: Record<string, string> = JSON.parse(readFileSync(new URL('../messages/en.json', import.meta.url), 'utf8'));
const t: AdminT = (key, values = {}) => en[key]!.replace(/\{(\w+)\}/g, (_, k: string) => String((values as Record<string, unknown>)[k]));
const f = formatters('en');

const entry = (over: Partial<AuditEntry>): AuditEntry => ({
  id: 1, at: '2026-01-02T03:04:05Z', actor_id: 'a', actor_name: 'Alex Morgan', actor_email: 'admin@demo.test',
  action: 'settings.update', target_type: 'settings', target_id: null, target_label: null, before: null, after: null, ...over,
});

describe('audit entries as an admin reads them', () => {
  test('a fee change reads as a sentence and percentages before → after', () => {
    const e = entry({ before: { fee_bps: 1500 }, after: { fee_bps: 0 } });
    expect(auditSentence(e, t)).toBe('Alex Morgan (admin@demo.test) changed the platform settings');
    expect(auditChanges(e, t, f)).toEqual([{ field: 'fee_bps', label: 'Platform fee', before: '15%', after: '0%' }]);
  });

  test('money, roles and yes/no are written the reader\'s way; unknown fields keep their name', () => {
    const e = entry({
      action: 'dispute.resolve', target_type: 'dispute', target_label: 'Serum launch',
      before: { status: 'open' }, after: { status: 'resolving', creator_cents: 20000, escrow_enabled: false, role: 'brand', odd: [1] },
    });
    expect(auditSentence(e, t)).toBe('Alex Morgan (admin@demo.test) decided the dispute on "Serum launch"');
    expect(auditChanges(e, t, f).map((c) => [c.label, c.before, c.after])).toEqual([
      ['Status', 'open', 'resolving'], ["Creator's share", null, '$200.00'],
      ['Escrow', null, 'no'], ['Role', null, 'Brand'], ['odd', null, '[1]'],
    ]);
  });

  test('no actor is the platform itself; an actor without a name is a deleted admin; a gone target says so', () => {
    expect(auditActor(entry({ actor_id: null, actor_name: null, actor_email: null }), t)).toBe('The platform (no admin signed in)');
    expect(auditActor(entry({ actor_name: null, actor_email: null }), t)).toBe('A deleted admin');
    expect(auditSentence(entry({ action: 'review.hide', target_type: 'review' }), t)).toBe('Alex Morgan (admin@demo.test) hid a review of something since deleted');
  });
});
