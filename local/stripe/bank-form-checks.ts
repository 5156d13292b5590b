import { abaValid, cbuValid, clabeValid, cnpjValid, cpfValid, nitVerifier, normaliseRut } from './bank-checksums.ts';
import { AR_BANKS, BR_BANKS, bankName, CL_BANKS, CO_BANKS, MX_BANKS, PE_BANKS, US_BANKS } from './bank-names.ts';
import type { PayoutCountry } from './payout-countries.ts';

export type BankValues = Record<string, string>;
export type BankErrors = Record<string, string>;

/**
 * What a valid form yields: only what Stripe shows of a payout method later (bank name, last four), the
 * account type, and the account part of the identifier, which picks the test outcome (bank-test-values.ts).
 */
export interface BankDetails {
  bankName: string;
  /** The holder's name as typed, spaces collapsed: the legal name Stripe keeps on the account's identity. */
  holderName: string;
  last4: string;
  accountType: 'checking' | 'savings';
  accountPart: string;
}

const digits = (v: string | undefined) => (v ?? '').replace(/[\s.-]/g, '');

/** Checks the holder's name; returns it trimmed with its spaces collapsed, as the account keeps it. */
function checkHolder(values: BankValues, errors: BankErrors): string {
  const name = (values.holder_name ?? '').trim();
  if (name.length < 2) errors.holder_name = "Enter the account holder's full name.";
  else if (name.length > 100) errors.holder_name = 'The name can have up to 100 characters.';
  else if (!/^[\p{L}\p{M}][\p{L}\p{M} .'-]*$/u.test(name)) errors.holder_name = 'Use letters, spaces, apostrophes, dots and hyphens only.';
  return name.replace(/\s+/g, ' ');
}

function choice(values: BankValues, errors: BankErrors, name: string, allowed: readonly string[], message: string): string | undefined {
  const v = values[name] ?? '';
  if (!allowed.includes(v)) {
    errors[name] = message;
    return undefined;
  }
  return v;
}

type Check = (values: BankValues, errors: BankErrors) => Omit<BankDetails, 'holderName'> | undefined;

const checkUs: Check = (values, errors) => {
  const routing = digits(values.routing_number);
  const account = digits(values.account_number);
  if (!/^\d{9}$/.test(routing)) errors.routing_number = 'The routing number must have 9 digits.';
  else if (!abaValid(routing)) errors.routing_number = 'This routing number is not valid. Check it on a check or with your bank.';
  if (!/^\d{4,17}$/.test(account)) errors.account_number = 'The account number must have 4 to 17 digits.';
  const type = choice(values, errors, 'account_type', ['checking', 'savings'], 'Choose checking or savings.');
  if (errors.routing_number || errors.account_number || !type) return undefined;
  return { bankName: bankName(US_BANKS, routing), last4: account.slice(-4), accountType: type === 'savings' ? 'savings' : 'checking', accountPart: account };
};

const checkMx: Check = (values, errors) => {
  const clabe = digits(values.clabe);
  if (!/^\d{18}$/.test(clabe)) errors.clabe = 'The CLABE must have 18 digits.';
  else if (!clabeValid(clabe)) errors.clabe = "This CLABE's control digit does not match. Check the number.";
  if (errors.clabe) return undefined;
  return { bankName: bankName(MX_BANKS, clabe.slice(0, 3)), last4: clabe.slice(-4), accountType: 'checking', accountPart: clabe.slice(6, 17) };
};

const checkAr: Check = (values, errors) => {
  const cbu = digits(values.cbu);
  if (!/^\d{22}$/.test(cbu)) errors.cbu = 'The CBU or CVU must have 22 digits.';
  else if (!cbuValid(cbu)) errors.cbu = 'This CBU or CVU has a wrong check digit. Check the number.';
  if (errors.cbu) return undefined;
  // A CVU (a wallet's virtual account) starts with 000 instead of a bank code.
  const name = cbu.startsWith('000') ? 'CVU (VIRTUAL ACCOUNT)' : bankName(AR_BANKS, cbu.slice(0, 3));
  return { bankName: name, last4: cbu.slice(-4), accountType: 'checking', accountPart: cbu.slice(8, 21) };
};

/** A CPF as people write it: 11 digits, bare or as 000.000.000-00; a CNPJ: 14, bare or as 00.000.000/0000-00. */
const CPF_TYPED = /^\d{3}\.?\d{3}\.?\d{3}-?\d{2}$/;
const CNPJ_TYPED = /^\d{2}\.?\d{3}\.?\d{3}\/?\d{4}-?\d{2}$/;
const onlyDigits = (v: string) => v.replace(/\D/g, '');

function checkBrTaxId(values: BankValues, errors: BankErrors): void {
  const typed = (values.holder_tax_id ?? '').trim();
  if (CPF_TYPED.test(typed)) {
    if (!cpfValid(onlyDigits(typed))) errors.holder_tax_id = 'This CPF is not valid. Check its digits.';
  } else if (CNPJ_TYPED.test(typed)) {
    if (!cnpjValid(onlyDigits(typed))) errors.holder_tax_id = 'This CNPJ is not valid. Check its digits.';
  } else {
    errors.holder_tax_id = 'Enter an 11-digit CPF or a 14-digit CNPJ.';
  }
}

/**
 * A Pix key by its type, as the Banco Central's DICT takes it: a CPF or CNPJ with valid check digits, an
 * email address (up to 77 characters), a phone as +55, a two-digit area code (DDD, no zero) and 8 or 9
 * digits, or a random key (EVP), a UUID.
 */
function checkPixKey(type: string | undefined, key: string, errors: BankErrors): void {
  if (!type) return;
  const bad = (message: string) => {
    errors.pix_key = message;
  };
  if (key === '') return bad('Enter your Pix key.');
  if (type === 'cpf' && !(CPF_TYPED.test(key) && cpfValid(onlyDigits(key)))) bad('This CPF key is not valid. Check its digits.');
  if (type === 'cnpj' && !(CNPJ_TYPED.test(key) && cnpjValid(onlyDigits(key)))) bad('This CNPJ key is not valid. Check its digits.');
  if (type === 'email' && !(key.length <= 77 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(key))) bad('Enter the email key as name@example.com.');
  if (type === 'phone' && !/^\+55[1-9]{2}\d{8,9}$/.test(key.replace(/[\s()-]/g, ''))) bad('Enter the phone key as +55 followed by the area code and number.');
  if (type === 'random' && !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(key)) {
    bad('A random key has 32 letters and digits in five groups: 123e4567-e89b-12d3-a456-426614174000.');
  }
}

const checkBr: Check = (values, errors) => {
  checkBrTaxId(values, errors);
  const method = choice(values, errors, 'method', ['bank_account', 'pix'], 'Choose a bank account or a Pix key.');
  if (method === 'pix') {
    const type = choice(values, errors, 'pix_key_type', ['cpf', 'cnpj', 'email', 'phone', 'random'], 'Choose the type of your Pix key.');
    const key = (values.pix_key ?? '').trim();
    checkPixKey(type, key, errors);
    if (Object.keys(errors).length > 0) return undefined;
    return { bankName: 'PIX', last4: key.replace(/[\s()-]/g, '').slice(-4), accountType: 'checking', accountPart: key.toLowerCase() };
  }
  const bank = digits(values.bank_code);
  const branch = digits(values.branch);
  const account = (values.account_number ?? '').replace(/\s/g, '');
  if (method === 'bank_account') {
    if (!/^\d{3}$/.test(bank)) errors.bank_code = 'The bank code must have 3 digits.';
    if (!/^\d{4}\d?$/.test(branch)) errors.branch = 'The branch must have 4 digits, with an optional check digit.';
    if (!/^\d{1,12}-?[\dXx]$/.test(account)) errors.account_number = 'Enter the account number with its check digit, for example 12345-6.';
    choice(values, errors, 'account_type', ['corrente', 'poupanca'], 'Choose conta corrente or conta poupança.');
  }
  if (Object.keys(errors).length > 0) return undefined;
  const number = account.replace('-', '');
  return {
    bankName: bankName(BR_BANKS, bank), last4: number.slice(-4),
    accountType: values.account_type === 'poupanca' ? 'savings' : 'checking', accountPart: number.slice(0, -1),
  };
};

function checkCoId(values: BankValues, errors: BankErrors): void {
  const type = choice(values, errors, 'id_type', ['CC', 'CE', 'NIT', 'PP'], 'Choose the type of ID document.');
  const raw = (values.id_number ?? '').trim();
  if (!type) return;
  if (type === 'CC' && !/^\d{5,10}$/.test(digits(raw))) errors.id_number = 'A cédula de ciudadanía has 5 to 10 digits.';
  if (type === 'CE' && !/^\d{6,10}$/.test(digits(raw))) errors.id_number = 'A cédula de extranjería has 6 to 10 digits.';
  if (type === 'PP' && !/^[A-Za-z0-9]{5,15}$/.test(raw)) errors.id_number = 'A passport number has 5 to 15 letters and digits.';
  if (type === 'NIT') {
    const m = /^(\d{9,10})-?(\d)$/.exec(raw.replace(/[\s.]/g, ''));
    if (!m) errors.id_number = 'Enter the NIT with its verification digit, for example 900123456-8.';
    else if (nitVerifier(m[1]!) !== Number(m[2])) errors.id_number = "This NIT's verification digit does not match.";
  }
}

const checkCo: Check = (values, errors) => {
  const bank = choice(values, errors, 'bank', Object.keys(CO_BANKS), 'Choose your bank.');
  const type = choice(values, errors, 'account_type', ['ahorros', 'corriente'], 'Choose ahorros or corriente.');
  const account = digits(values.account_number);
  if (!/^\d{6,20}$/.test(account)) errors.account_number = 'The account number must have 6 to 20 digits.';
  checkCoId(values, errors);
  if (Object.keys(errors).length > 0 || !bank) return undefined;
  return { bankName: bankName(CO_BANKS, bank), last4: account.slice(-4), accountType: type === 'ahorros' ? 'savings' : 'checking', accountPart: account };
};

const checkCl: Check = (values, errors) => {
  const rut = (values.rut ?? '').trim();
  if (!/^(\d{1,2}(\.?\d{3}){2}|\d{7,8})-?[\dkK]$/.test(rut)) errors.rut = 'Enter the RUT with its verifier digit, for example 12.345.678-5.';
  else if (!normaliseRut(rut)) errors.rut = "This RUT's verifier digit does not match.";
  const bank = choice(values, errors, 'bank', Object.keys(CL_BANKS), 'Choose your bank.');
  const type = choice(values, errors, 'account_type', ['corriente', 'vista', 'ahorro'], 'Choose the account type.');
  const account = digits(values.account_number);
  if (!/^\d{4,20}$/.test(account)) errors.account_number = 'The account number must have 4 to 20 digits.';
  if (Object.keys(errors).length > 0 || !bank) return undefined;
  return { bankName: bankName(CL_BANKS, bank), last4: account.slice(-4), accountType: type === 'ahorro' ? 'savings' : 'checking', accountPart: account };
};

const checkPe: Check = (values, errors) => {
  const cci = digits(values.cci);
  // The CCI's check digits are the bank's to verify; its length and bank code are checked here.
  if (!/^\d{20}$/.test(cci)) errors.cci = 'The CCI must have 20 digits.';
  else if (!PE_BANKS[cci.slice(0, 3)]) errors.cci = "The CCI's first three digits must be a Peruvian bank's code, for example 002 for BCP.";
  if (errors.cci) return undefined;
  return { bankName: bankName(PE_BANKS, cci.slice(0, 3)), last4: cci.slice(-4), accountType: 'checking', accountPart: cci.slice(6, 18) };
};

const CHECKS: Record<PayoutCountry, Check> = { US: checkUs, MX: checkMx, AR: checkAr, BR: checkBr, CO: checkCo, CL: checkCl, PE: checkPe };

/** Checks the onboarding form for a country's rail: the details, or a specific message per bad field. */
export function readBankForm(country: PayoutCountry, values: BankValues): { errors: BankErrors } | { details: BankDetails } {
  const errors: BankErrors = {};
  const holderName = checkHolder(values, errors);
  const details = CHECKS[country](values, errors);
  if (Object.keys(errors).length > 0 || !details) return { errors };
  return { details: { ...details, holderName } };
}
