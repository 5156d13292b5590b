import { describe, expect, it } from 'vitest';
import { abaValid, cbuValid, clabeValid, cnpjValid, cpfValid, nitVerifier, normaliseRut } from './bank-checksums.ts';
import { readBankForm } from './bank-form-checks.ts';
import { bankOutcome, TEST_BANK_VALUES } from './bank-test-values.ts';
import { PAYOUT_COUNTRIES, type PayoutCountry } from './payout-countries.ts';

// Identifiers published by their issuers or widely used as examples, so the algorithms are checked against
// numbers this code did not make.
describe('check digits', () => {
  it('ABA routing numbers', () => {
    expect(abaValid('110000000')).toBe(true);
    expect(abaValid('021000021')).toBe(true);
    expect(abaValid('021000022')).toBe(false);
    expect(abaValid('12345678')).toBe(false);
  });
  it('CLABE', () => {
    expect(clabeValid('002010077777777771')).toBe(true);
    expect(clabeValid('002010077777777772')).toBe(false);
  });
  it('CBU', () => {
    expect(cbuValid('2850590940090418135201')).toBe(true);
    expect(cbuValid('2850590940090418135202')).toBe(false);
    expect(cbuValid('2850590840090418135201')).toBe(false);
  });
  it('RUT, CPF, CNPJ and NIT', () => {
    expect(normaliseRut('12.345.678-5')).toBe('12345678-5');
    expect(normaliseRut('12345678-K')).toBeUndefined();
    expect(cpfValid('52998224725')).toBe(true);
    expect(cpfValid('11111111111')).toBe(false);
    expect(cnpjValid('11222333000181')).toBe(true);
    expect(cnpjValid('11222333000182')).toBe(false);
    expect(nitVerifier('800197268')).toBe(4);
  });
});

describe('test bank values', () => {
  it('are valid for every country and pick the outcome they name', () => {
    for (const country of Object.keys(PAYOUT_COUNTRIES) as PayoutCountry[]) {
      for (const [outcome, values] of Object.entries(TEST_BANK_VALUES[country])) {
        const result = readBankForm(country, { holder_name: 'Ana Pérez', ...values });
        expect(result, `${country} ${outcome}`).toHaveProperty('details');
        if ('details' in result) expect(bankOutcome(result.details.accountPart), `${country} ${outcome}`).toBe(outcome);
      }
    }
  });
});
