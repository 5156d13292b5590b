import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatters } from '@/i18n/format';
import { eventGroup } from '../utils/event-groups';
import { type ApplicationEvent, EVENT_KINDS } from '../types';
import { type ActivityT, describeEvent } from './activity-text';
import en from './en.json';
import es from './es.json';

// The JSON imports are compiled by the catalogs' build plugin, as in the app.
const i18n = setupI18n({ locale: 'es', messages: { es, en } as never });
const tOf =
  (locale: 'es' | 'en'): ActivityT =>
  (key, values) => {
    i18n.activate(locale);
    return i18n._(key, values);
  };
const tEn = tOf('en');
const tEs = tOf('es');

const brand = 'b0000000-0000-4000-8000-000000000001';
const creator = 'c0000000-0000-4000-8000-000000000002';
let nextId = 1;
const event = (kind: string, over: Partial<ApplicationEvent> = {}): ApplicationEvent => ({
  id: nextId++,
  kind,
  actor_id: brand,
  actor_name: 'Acme',
  actor_role: 'brand',
  created_at: '2025-01-12T10:00:00Z',
  detail: {},
  ...over,
});
const byCreator = { actor_id: creator, actor_name: 'Ana', actor_role: 'creator' } as const;
const byPlatform = { actor_id: null, actor_name: null, actor_role: null } as const;
const say = (t: ActivityT, e: ApplicationEvent, viewerId = creator) =>
  describeEvent(t, e, { viewerId, money: formatters(t === tEn ? 'en' : 'es').money });

describe('describeEvent', () => {
  it('names who acted, and says "You" for the reader', () => {
    expect(say(tEn, event('applied', byCreator), brand).sentence).toBe('Ana applied');
    expect(say(tEn, event('applied', byCreator), creator).sentence).toBe('You applied');
    expect(say(tEs, event('applied', byCreator), creator).sentence).toBe('Te postulaste');
    expect(say(tEs, event('accepted')).sentence).toBe('Acme aceptó la postulación');
  });

  it('tells a request for changes with the revision it asks for (issue 30: the one round rule) and the feedback', () => {
    const view = say(tEn, event('changes_requested', { detail: { round: 1, feedback: 'Show the label.' } }));
    expect(view.sentence).toBe('Acme requested changes (revision 1)');
    expect(view.quote).toEqual({ label: 'Requested changes:', text: 'Show the label.' });
    expect(say(tEs, event('changes_requested', { detail: { round: 2, feedback: 'x' } }), brand).sentence).toBe('Solicitaste cambios (revisión 2)');
  });

  it('links the content of a submission and quotes the note of a resubmission', () => {
    const url = 'https://www.instagram.com/reel/abc/';
    expect(say(tEn, event('submitted', { ...byCreator, detail: { round: 1, content_url: url } }), brand)).toEqual({ sentence: 'Ana submitted content', quote: null, link: url });
    const view = say(tEs, event('resubmitted', { ...byCreator, detail: { round: 2, content_url: url, note: 'Nuevo corte' } }), brand);
    expect(view.sentence).toBe('Ana reenvió el contenido (revisión 1)');
    expect(view.quote).toEqual({ label: 'Nota:', text: 'Nuevo corte' });
  });

  it("tells the platform's steps without a person", () => {
    expect(say(tEn, event('auto_approved', byPlatform)).sentence).toBe('Approved automatically by the platform');
    expect(say(tEn, event('released', { ...byPlatform, detail: { amount_cents: 45_000, fee_cents: 7_500 } as never })).sentence).toBe('$450.00 (net) released to the creator');
    expect(say(tEn, event('refunded', { ...byPlatform, detail: { amount_cents: 50_000 } })).sentence).toBe('$500.00 refunded to the brand');
    expect(say(tEs, event('funded', { detail: { amount_cents: 50_000 } }), brand).sentence).toBe(`Depositaste el pago: ${formatters('es').money(50_000)} (bruto) retenidos en garantía`);
  });

  it('tells disputes: the reason, and how it was resolved', () => {
    expect(say(tEn, event('disputed', { detail: { reason: 'not_as_agreed' } })).sentence).toBe('Acme opened a dispute: Not what was agreed');
    expect(say(tEn, event('disputed', { detail: { reason: 'aliens' } })).sentence).toBe('Acme opened a dispute: Something else');
    const resolved = (outcome: string, creator_cents: number, brand_cents: number) =>
      say(tEn, event('resolved', { actor_name: 'Admin', actor_role: 'admin', detail: { outcome, creator_cents, brand_cents, note: 'Half was delivered.' } }));
    expect(resolved('split', 30_000, 20_000).sentence).toBe('Dispute resolved: split, $300.00 (gross) to the creator, $200.00 refunded');
    expect(resolved('split', 30_000, 20_000).quote).toEqual({ label: "Admin's explanation:", text: 'Half was delivered.' });
    expect(resolved('release', 50_000, 0).sentence).toBe('Dispute resolved: $500.00 (gross) released to the creator');
    expect(resolved('refund', 0, 50_000).sentence).toBe('Dispute resolved: $500.00 refunded to the brand');
    expect(resolved('mystery', 0, 0).sentence).toBe('Dispute resolved');
  });

  it('never crashes on what it does not know: an unknown kind, a missing detail, a deleted account', () => {
    expect(say(tEn, event('teleported')).sentence).toBe('Acme updated this hire');
    expect(say(tEs, event('teleported', byPlatform)).sentence).toBe('La plataforma actualizó esta contratación');
    expect(say(tEn, event('funded', { detail: null })).sentence).toBe('Acme updated this hire');
    expect(say(tEn, event('changes_requested', { detail: { feedback: 'x' } })).sentence).toBe('Acme updated this hire');
    expect(say(tEn, event('applied', { actor_id: null, actor_name: null, actor_role: 'creator' })).sentence).toBe('Someone applied');
    expect(eventGroup('teleported')).toBe('other');
    expect(eventGroup('toString')).toBe('other');
  });

  it('has a sentence for every kind the database writes, different in Spanish', () => {
    for (const kind of EVENT_KINDS) {
      const e = event(kind, { detail: { round: 1, amount_cents: 100, outcome: 'refund', brand_cents: 100, creator_cents: 0, reason: 'quality' } });
      const sentence = say(tEn, e).sentence;
      expect(sentence, kind).not.toBe('Acme updated this hire');
      expect(say(tEs, e).sentence, kind).not.toBe(sentence);
      expect(eventGroup(kind), kind).not.toBe('other');
    }
  });
});
