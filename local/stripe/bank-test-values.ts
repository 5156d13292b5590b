import { cbuWithCheckDigits, clabeCheckDigit } from './bank-checksums.ts';
import type { BankOutcome } from './v2-objects.ts';
import type { PayoutCountry } from './payout-countries.ts';

/**
 * Test bank details of the double. Stripe documents US test account numbers
 * (https://docs.stripe.com/connect/testing): 000111111116 (no such account) and
 * 000111111113 (account closed). It documents none for Global Payouts' Latin American rails, so the double
 * extends the same rule to every country: an account part ending in 1111116 makes payouts fail (no such
 * account), one ending in 1111113 makes them come back (account closed); anything else is paid. For
 * numbers with check digits the account part is the digits before them, so valid examples exist.
 */
export function bankOutcome(accountPart: string): BankOutcome {
  if (accountPart.endsWith('1111116') || accountPart === 'no-account@example.com') return 'no_account';
  if (accountPart.endsWith('1111113') || accountPart === 'closed@example.com') return 'closed';
  return 'succeed';
}

const clabe = (first17: string) => `${first17}${clabeCheckDigit(first17)}`;

/** Per country: form values that succeed, fail (no account) and come back (closed), all valid. */
export const TEST_BANK_VALUES: Readonly<Record<PayoutCountry, Record<BankOutcome, Record<string, string>>>> = {
  US: {
    succeed: { routing_number: '110000000', account_number: '000123456789', account_type: 'checking' },
    no_account: { routing_number: '110000000', account_number: '000111111116', account_type: 'checking' },
    closed: { routing_number: '110000000', account_number: '000111111113', account_type: 'checking' },
  },
  MX: {
    succeed: { clabe: clabe('00218000000000001') },
    no_account: { clabe: clabe('00218000001111116') },
    closed: { clabe: clabe('00218000001111113') },
  },
  AR: {
    succeed: { cbu: cbuWithCheckDigits('0720001', '0000000000001') },
    no_account: { cbu: cbuWithCheckDigits('0720001', '0000001111116') },
    closed: { cbu: cbuWithCheckDigits('0720001', '0000001111113') },
  },
  BR: {
    succeed: { holder_tax_id: '529.982.247-25', method: 'bank_account', bank_code: '341', branch: '0001', account_number: '12345-6', account_type: 'corrente' },
    no_account: { holder_tax_id: '529.982.247-25', method: 'bank_account', bank_code: '341', branch: '0001', account_number: '1111116-0', account_type: 'corrente' },
    closed: { holder_tax_id: '529.982.247-25', method: 'pix', pix_key_type: 'email', pix_key: 'closed@example.com' },
  },
  CO: {
    succeed: { bank: '007', account_type: 'ahorros', account_number: '123456789012', id_type: 'CC', id_number: '1020304050' },
    no_account: { bank: '007', account_type: 'ahorros', account_number: '000001111116', id_type: 'CC', id_number: '1020304050' },
    closed: { bank: '007', account_type: 'ahorros', account_number: '000001111113', id_type: 'CC', id_number: '1020304050' },
  },
  CL: {
    succeed: { rut: '11.111.111-1', bank: '012', account_type: 'vista', account_number: '12345678' },
    no_account: { rut: '11.111.111-1', bank: '012', account_type: 'vista', account_number: '1111116' },
    closed: { rut: '11.111.111-1', bank: '012', account_type: 'vista', account_number: '1111113' },
  },
  PE: {
    succeed: { cci: '00219300123456789012' },
    no_account: { cci: '00219300000111111600' },
    closed: { cci: '00219300000111111300' },
  },
};
