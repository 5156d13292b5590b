import { setupI18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { formatters } from '@/i18n/format';
import { FunctionError } from '@/lib/function-error';
import { openDisputeMessages } from '../api/open-dispute-schema';
import { resolveDisputeFormMessages as resolveDisputeMessages } from '@contract/payment-rules';
import {
  ageText,
  type DisputesT,
  disputeErrorCode,
  disputeErrorField,
  disputeErrorText,
  disputeRoleText,
  disputeStatusText,
  openDisputeValidationText,
  outcomeText,
  reasonText,
  resolveValidationText,
} from './disputes-text';
import en from './en.json';
import es from './es.json';

// The JSON imports are compiled by the catalogs' build plugin, as in the app.
const i18n = setupI18n({ locale: 'es', messages: { es, en } as never });
const tOf = (locale: 'es' | 'en'): DisputesT => (key, values) => {
  i18n.activate(locale);
  return i18n._(key, values);
};
const tEs = tOf('es');
const tEn = tOf('en');
const moneyEn = formatters('en').money;

describe('dispute texts', () => {
  it('name reasons, states and roles in each language', () => {
    expect(reasonText(tEn, 'quality')).toBe('Quality problems');
    expect(reasonText(tEs, 'not_delivered')).toBe('No se entregó el contenido');
    expect(reasonText(tEs, 'something_new')).toBe('something_new');
    expect(disputeStatusText(tEn, 'resolving')).toBe('Being resolved');
    expect(disputeStatusText(tEs, 'withdrawn')).toBe('Retirada');
    expect(disputeRoleText(tEn, 'admin')).toBe('Admin');
    expect(disputeRoleText(tEs, 'brand')).toBe('Marca');
  });

  it('say where the money went', () => {
    expect(outcomeText(tEn, moneyEn, { outcome: 'split', creator_cents: 30_000, brand_cents: 20_000 })).toBe(
      'Resolved: $300.00 released to the creator, $200.00 refunded to the brand',
    );
    expect(outcomeText(tEn, moneyEn, { outcome: 'release', creator_cents: 50_000, brand_cents: 0 })).toBe('Resolved: $500.00 released to the creator');
    expect(outcomeText(tEn, moneyEn, { outcome: 'refund', creator_cents: 0, brand_cents: 50_000 })).toBe('Resolved: $500.00 refunded to the brand');
    expect(outcomeText(tEs, (c) => `US$${c / 100}`, { outcome: 'refund', creator_cents: 0, brand_cents: 50_000 })).toBe('Resuelta: US$500 reembolsados a la marca');
  });

  it('say how long a dispute has waited', () => {
    const now = new Date('2025-03-10T12:00:00Z');
    expect(ageText(tEn, '2025-03-10T11:30:00Z', now)).toBe('Less than an hour');
    expect(ageText(tEn, '2025-03-10T07:00:00Z', now)).toBe('5 hours');
    expect(ageText(tEn, '2025-03-09T11:00:00Z', now)).toBe('1 day');
    expect(ageText(tEn, '2025-03-07T12:00:00Z', now)).toBe('3 days');
    expect(ageText(tEs, '2025-03-07T12:00:00Z', now)).toBe('3 días');
  });

  it('translate the form rules', () => {
    expect(openDisputeValidationText(tEn, openDisputeMessages.detailsRequired)).toBe(openDisputeMessages.detailsRequired);
    expect(openDisputeValidationText(tEs, openDisputeMessages.evidenceInvalid)).toBe('Los enlaces de evidencia deben empezar con http:// o https://');
    expect(resolveValidationText(tEn, resolveDisputeMessages.splitInvalid)).toBe(resolveDisputeMessages.splitInvalid);
  });
});

describe('dispute errors', () => {
  // As rpc() throws them (an ApiError; @/lib/supabase itself needs the browser's configuration).
  const apiError = (code: string, details: string | null) => Object.assign(new Error('English from SQL'), { name: 'ApiError', code, details });
  const sql = (details: string) => apiError('PT409', details);
  const fn = (code: string, status = 400) => new FunctionError(status, code, 'English from the function');

  it("say why an api call failed by the database's code, never its English sentence", () => {
    expect(disputeErrorText(tEs, sql('dispute_open'))).toBe('Ya hay una disputa abierta sobre esta contratación.');
    expect(disputeErrorText(tEn, sql('not_held'))).toBe('A dispute can be opened only while the payment is held in escrow.');
    expect(disputeErrorText(tEs, sql('not_opener'))).toBe('Solo quien abrió la disputa puede retirarla.');
    expect(disputeErrorText(tEs, sql('unheard_of'))).toBe('Algo salió mal. Inténtalo de nuevo.');
    expect(disputeErrorText(tEs, new TypeError('Failed to fetch'))).toMatch(/^No se pudo conectar/);
  });

  it("say why resolving failed by the payments function's code", () => {
    expect(disputeErrorText(tEn, fn('dispute_closed', 409))).toBe('This dispute is no longer open: it was already resolved or withdrawn.');
    expect(disputeErrorText(tEn, fn('stripe_error', 502))).toMatch(/^The payment provider refused/);
    expect(disputeErrorText(tEn, new FunctionError(0, 'network_error', 'offline'))).toMatch(/^Could not connect/);
    expect(disputeErrorCode(fn('note_required'))).toBe('note_required');
    // A function's code is not taken from an api error's SQLSTATE, nor the other way round.
    expect(disputeErrorCode(apiError('split_invalid', null))).toBeUndefined();
  });

  it('point refusals at their field', () => {
    expect(disputeErrorField(sql('details_required'))).toBe('details');
    expect(disputeErrorField(sql('body_too_long'))).toBe('body');
    expect(disputeErrorField(fn('split_invalid'))).toBe('creatorAmount');
    expect(disputeErrorField(fn('note_required'))).toBe('note');
    expect(disputeErrorField(sql('dispute_open'))).toBeUndefined();
  });

  it('has a text for every code', () => {
    const codes = Object.keys(en).filter((k) => k.startsWith('disputes.error.')).map((k) => k.slice('disputes.error.'.length));
    for (const code of codes.filter((c) => c !== 'network' && c !== 'unknown')) expect(disputeErrorCode(sql(code))).toBe(code);
  });
});
