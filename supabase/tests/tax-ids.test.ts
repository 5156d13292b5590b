import { describe, expect, test } from 'vitest';
import { checkTaxId, isIssuedEinPrefix, isTaxIdKindOf, normalizeTaxId } from '../functions/_shared/contract/tax-ids.ts';
import { INVALID_TAX_IDS, VALID_TAX_IDS } from './tax-id-corpus.ts';

// Issue 36 item 1: a tax form's identifying number is checked by its country's layout and check digit,
// with the reason said (layout, check digit, never issued, generic placeholder).
describe('identifying numbers in the contract', () => {
  test.each(VALID_TAX_IDS)('%s %s is valid (%s)', (kind, value) => {
    expect(checkTaxId(kind, value)).toEqual({ valid: true, normalized: normalizeTaxId(value) });
  });

  test.each(INVALID_TAX_IDS)('%s %s is refused: %s', (kind, value, problem) => {
    expect(checkTaxId(kind, value)).toEqual({ valid: false, problem });
  });

  test('every check digit of every valid number but its own is refused as a check digit', () => {
    for (const [kind, value] of VALID_TAX_IDS) {
      if (kind === 'ssn' || kind === 'ein') continue;
      const n = normalizeTaxId(value);
      const verifiers = kind === 'rut' ? '0123456789K' : kind === 'rfc' ? '0123456789A' : '0123456789';
      for (const other of verifiers) {
        if (other === n.at(-1)) continue;
        expect(checkTaxId(kind, n.slice(0, -1) + other), `${kind} ${n.slice(0, -1)}${other}`).toEqual({ valid: false, problem: 'check_digit' });
      }
    }
  });

  test('separators and case are how people write a number, not part of it', () => {
    expect(checkTaxId('rut', '60803000-k')).toEqual({ valid: true, normalized: '60803000K' });
    expect(checkTaxId('cnpj', '12 abc 345 01de 35')).toEqual({ valid: true, normalized: '12ABC34501DE35' });
    expect(checkTaxId('rfc', 'gode 561231 gr8')).toEqual({ valid: true, normalized: 'GODE561231GR8' });
  });

  test('EIN prefixes: the IRS ranges and the gaps between them', () => {
    const issued = Array.from({ length: 100 }, (_, p) => p).filter(isIssuedEinPrefix);
    expect(issued.filter((p) => p < 10)).toEqual([1, 2, 3, 4, 5, 6]);
    for (const p of [0, 7, 8, 9, 17, 18, 19, 28, 29, 49, 69, 70, 78, 79, 89, 96, 97]) expect(isIssuedEinPrefix(p), String(p)).toBe(false);
    expect(issued).toHaveLength(83);
  });

  test('each payout country has its own kinds', () => {
    expect(isTaxIdKindOf('BR', 'cpf')).toBe(true);
    expect(isTaxIdKindOf('BR', 'rfc')).toBe(false);
    expect(isTaxIdKindOf('US', 'ein')).toBe(true);
    expect(isTaxIdKindOf('FR', 'cpf')).toBe(false);
  });
});
