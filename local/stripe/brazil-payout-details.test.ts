import { describe, expect, it } from 'vitest';
import { cpfValid } from './bank-checksums.ts';
import { type BankValues, readBankForm } from './bank-form-checks.ts';
import { inLanguage } from './onboarding-spanish.ts';

// Issue 37: Brazil's payout details in the onboarding double. The holder's CPF (or a company's CNPJ) with
// its check digits, then a Pix key checked by its type, or a bank account: bank code, agência, account
// number with its digit. Each refusal has its own message, in Portuguese for a Brazilian reader.

const HOLDER = { holder_name: 'João da Silva' };
const PIX = (pix_key_type: string, pix_key: string): BankValues => ({ ...HOLDER, holder_tax_id: '529.982.247-25', method: 'pix', pix_key_type, pix_key });
const BANK = (extra: BankValues = {}): BankValues => ({
  ...HOLDER, holder_tax_id: '529.982.247-25', method: 'bank_account', bank_code: '341', branch: '0001', account_number: '12345-6', account_type: 'corrente', ...extra,
});
const errorsOf = (values: BankValues) => {
  const result = readBankForm('BR', values);
  return 'errors' in result ? result.errors : {};
};

describe('the CPF', () => {
  it('checks both check digits (módulo 11) and refuses repeated digits', () => {
    for (const good of ['52998224725', '12345678909', '11144477735', '93541134780']) expect(cpfValid(good), good).toBe(true);
    // The first check digit wrong, the second wrong, both swapped, one digit of the body changed.
    for (const bad of ['52998224715', '52998224726', '52998224752', '52998224625', '12345678900']) expect(cpfValid(bad), bad).toBe(false);
    for (const repeated of ['00000000000', '11111111111', '99999999999']) expect(cpfValid(repeated), repeated).toBe(false);
    for (const malformed of ['5299822472', '529982247250', '529.982.247-25', '5299822472a']) expect(cpfValid(malformed), malformed).toBe(false);
  });

  it('is typed bare or as 000.000.000-00; another layout is refused with how to write it', () => {
    for (const typed of ['529.982.247-25', '52998224725', ' 529.982.247-25 ', '529982247-25']) {
      expect(errorsOf(BANK({ holder_tax_id: typed })), typed).toEqual({});
    }
    for (const typed of ['5299.822.47-25', '529 982 247 25', '529.982.247/25', '52998224', '', 'CPF 52998224725']) {
      expect(errorsOf(BANK({ holder_tax_id: typed })), typed).toEqual({ holder_tax_id: 'Enter an 11-digit CPF or a 14-digit CNPJ.' });
    }
  });

  it('with a wrong check digit says so, in Portuguese for a Brazilian reader', () => {
    const errors = errorsOf(BANK({ holder_tax_id: '529.982.247-24' }));
    expect(errors).toEqual({ holder_tax_id: 'This CPF is not valid. Check its digits.' });
    expect(inLanguage('pt', errors.holder_tax_id!)).toBe('Este CPF não é válido. Confira os dígitos.');
    expect(errorsOf(BANK({ holder_tax_id: '111.111.111-11' }))).toEqual({ holder_tax_id: 'This CPF is not valid. Check its digits.' });
  });

  it('a company may use its CNPJ, bare or as 00.000.000/0000-00, check digits checked', () => {
    expect(errorsOf(BANK({ holder_tax_id: '11.222.333/0001-81' }))).toEqual({});
    expect(errorsOf(BANK({ holder_tax_id: '11222333000181' }))).toEqual({});
    expect(errorsOf(BANK({ holder_tax_id: '11.222.333/0001-82' }))).toEqual({ holder_tax_id: 'This CNPJ is not valid. Check its digits.' });
  });
});

describe('a Pix key, checked by its type', () => {
  it('accepts each type written as banks show it', () => {
    const good: Array<[string, string]> = [
      ['cpf', '123.456.789-09'], ['cpf', '12345678909'], ['cnpj', '11.222.333/0001-81'], ['email', 'joao.silva@exemplo.com.br'],
      ['phone', '+55 11 98765-4321'], ['phone', '+55 (21) 3456-7890'], ['random', '123e4567-e89b-12d3-a456-426614174000'],
    ];
    for (const [type, key] of good) {
      const result = readBankForm('BR', PIX(type, key));
      expect('details' in result ? result.details.bankName : result.errors, `${type} ${key}`).toBe('PIX');
    }
  });

  it('refuses a key that is not of its type, each with its message', () => {
    const bad: Array<[string, string, string]> = [
      ['cpf', '123.456.789-00', 'This CPF key is not valid. Check its digits.'],
      ['cpf', 'joao@exemplo.com', 'This CPF key is not valid. Check its digits.'],
      ['cnpj', '11.222.333/0001-80', 'This CNPJ key is not valid. Check its digits.'],
      ['email', 'joao.exemplo.com', 'Enter the email key as name@example.com.'],
      ['email', `${'a'.repeat(70)}@exemplo.com`, 'Enter the email key as name@example.com.'],
      ['phone', '11987654321', 'Enter the phone key as +55 followed by the area code and number.'],
      ['phone', '+55 01 98765-4321', 'Enter the phone key as +55 followed by the area code and number.'],
      ['phone', '+54 11 98765-4321', 'Enter the phone key as +55 followed by the area code and number.'],
      ['random', '123e4567e89b12d3a456426614174000', 'A random key has 32 letters and digits in five groups: 123e4567-e89b-12d3-a456-426614174000.'],
      ['random', '', 'Enter your Pix key.'],
    ];
    for (const [type, key, message] of bad) expect(errorsOf(PIX(type, key)), `${type} ${key}`).toEqual({ pix_key: message });
    expect(errorsOf({ ...PIX('cpf', '12345678909'), pix_key_type: 'evp' })).toEqual({ pix_key_type: 'Choose the type of your Pix key.' });
  });
});

describe('a bank account (TED)', () => {
  it('takes a 3-digit bank code, a 4-digit agência (its digit optional) and the account with its digit', () => {
    const result = readBankForm('BR', BANK());
    expect(result).toEqual({ details: { bankName: 'ITAU UNIBANCO', last4: '3456', accountType: 'checking', accountPart: '12345', holderName: 'João da Silva' } });
    expect(errorsOf(BANK({ branch: '0001-9', account_number: '123456-X', account_type: 'poupanca' }))).toEqual({});
  });

  it('refuses each part with its own message', () => {
    expect(errorsOf(BANK({ bank_code: '34', branch: '001', account_number: '12.345-6', account_type: '' }))).toEqual({
      bank_code: 'The bank code must have 3 digits.',
      branch: 'The branch must have 4 digits, with an optional check digit.',
      account_number: 'Enter the account number with its check digit, for example 12345-6.',
      account_type: 'Choose conta corrente or conta poupança.',
    });
    expect(errorsOf({ ...BANK(), method: '' })).toEqual({ method: 'Choose a bank account or a Pix key.' });
  });

  it('every message reads in natural Portuguese', () => {
    const messages = Object.values(errorsOf(BANK({ bank_code: '34', branch: '001', account_number: 'x', account_type: '' })));
    expect(messages.map((m) => inLanguage('pt', m))).toEqual([
      'O código do banco precisa ter 3 dígitos.',
      'A agência precisa ter 4 dígitos, com ou sem o dígito verificador.',
      'Informe o número da conta com o dígito, por exemplo 12345-6.',
      'Selecione conta corrente ou conta poupança.',
    ]);
  });
});
