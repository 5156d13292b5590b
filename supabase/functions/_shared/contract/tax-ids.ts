/**
 * Identifying numbers a tax form carries: each payout country's taxpayer numbers (the W-8 forms' foreign
 * TIN) and the US SSN and EIN (the W-9's). One rule per kind, shared by the form and the functions; the
 * database's app.tax_id_problem applies the same rules again (supabase/schemas/tax-forms.sql), and
 * supabase/tests/tax-ids.test.ts holds both to one corpus. No zod here: the form checks as you type.
 *
 * A check digit proves the number was typed as issued, not that it was issued to this person.
 */
import type { PayoutCountry } from './payout-countries.ts';

export const TAX_ID_KINDS = ['cpf', 'cnpj', 'rfc', 'cuit', 'rut', 'nit', 'ruc', 'ssn', 'ein'] as const;
export type TaxIdKind = (typeof TAX_ID_KINDS)[number];

/** Which kinds each payout country's residents give (CUIT covers CUIL: same layout and digit). */
export const TAX_ID_KINDS_BY_COUNTRY = {
  AR: ['cuit'],
  BR: ['cpf', 'cnpj'],
  CL: ['rut'],
  CO: ['nit'],
  MX: ['rfc'],
  PE: ['ruc'],
  US: ['ssn', 'ein'],
} as const satisfies Record<PayoutCountry, readonly TaxIdKind[]>;
export type TaxCountry = keyof typeof TAX_ID_KINDS_BY_COUNTRY;

/**
 * Why a number is refused: `format` (length, characters, layout, type prefix or embedded date),
 * `check_digit` (well formed, but its verifier does not match), `not_issued` (a range the issuer never
 * assigns, or a number it voided), `generic` (a placeholder such as Mexico's XAXX010101000, not a person's).
 */
export type TaxIdProblem = 'format' | 'check_digit' | 'not_issued' | 'generic';
export type TaxIdResult = { valid: true; normalized: string } | { valid: false; problem: TaxIdProblem };

export const taxIdProblemMessages: Record<TaxIdProblem, string> = {
  format: 'This number does not have the layout its country uses',
  check_digit: 'This number has a wrong check digit: check it for a typing mistake',
  not_issued: 'This number is in a range that is never issued',
  generic: 'This is a generic placeholder number, not your own',
};

/** Spaces, dots, hyphens and slashes are only how people write the numbers; letters are compared upper case. */
export function normalizeTaxId(value: string): string {
  return value.replace(/[\s.\-/]/g, '').toUpperCase();
}

const ok = (normalized: string): TaxIdResult => ({ valid: true, normalized });
const bad = (problem: TaxIdProblem): TaxIdResult => ({ valid: false, problem });

function digitsOf(s: string): number[] {
  return [...s].map((c) => c.charCodeAt(0) - 48);
}

/** Σ value × weight over the digits, weights aligned from the left. */
function weighted(values: number[], weights: readonly number[]): number {
  return values.reduce((sum, v, i) => sum + v * (weights[i] ?? 0), 0);
}

function cpf(n: string): TaxIdResult {
  if (!/^\d{11}$/.test(n)) return bad('format');
  // Eleven equal digits pass the arithmetic; the Receita Federal issues none of them.
  if (/^(\d)\1{10}$/.test(n)) return bad('not_issued');
  const d = digitsOf(n);
  const verifier = (len: number) => {
    const r = (weighted(d.slice(0, len), Array.from({ length: len }, (_, i) => len + 1 - i)) * 10) % 11;
    return r === 10 ? 0 : r;
  };
  return verifier(9) === d[9] && verifier(10) === d[10] ? ok(n) : bad('check_digit');
}

/**
 * CNPJ: 12 characters then 2 check digits. Since July 2026 the first 12 may be letters (Receita Federal's
 * alphanumeric CNPJ, IN RFB 2.229/2024): each counts as its character code minus 48, so digits keep
 * their old values and every numeric CNPJ keeps its digits.
 */
function cnpj(n: string): TaxIdResult {
  if (!/^[0-9A-Z]{12}\d{2}$/.test(n)) return bad('format');
  if (/^(\d)\1{13}$/.test(n)) return bad('not_issued');
  const v = digitsOf(n);
  const w2 = [6, 5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2];
  const verifier = (len: number) => {
    const r = weighted(v.slice(0, len), w2.slice(13 - len)) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  return verifier(12) === v[12] && verifier(13) === v[13] ? ok(n) : bad('check_digit');
}

/** The SAT's value of each RFC character for its check digit (Ñ is 38, the padding space 37). */
const RFC_ALPHABET = '0123456789ABCDEFGHIJKLMN&OPQRSTUVWXYZ Ñ';

function validYymmdd(yymmdd: string): boolean {
  const yy = Number(yymmdd.slice(0, 2));
  const mm = Number(yymmdd.slice(2, 4));
  const dd = Number(yymmdd.slice(4, 6));
  if (mm < 1 || mm > 12 || dd < 1) return false;
  // Feb 29 exists in 00 (2000), so any year divisible by 4 has it: both centuries agree.
  const days = [31, yy % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][mm - 1] ?? 0;
  return dd <= days;
}

/** RFC: 4 letters (persona física, 13 characters) or 3 (persona moral, 12), a YYMMDD date, a homoclave of 2 and a check character. */
function rfc(n: string): TaxIdResult {
  const m = /^([A-ZÑ&]{3,4})(\d{6})([A-Z0-9]{2})([0-9A])$/.exec(n);
  if (!m || !validYymmdd(m[2]!)) return bad('format');
  if (n === 'XAXX010101000' || n === 'XEXX010101000') return bad('generic');
  const padded = n.length === 12 ? ` ${n}` : n;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += RFC_ALPHABET.indexOf(padded[i]!) * (13 - i);
  const r = 11 - (sum % 11);
  const expected = r === 11 ? '0' : r === 10 ? 'A' : String(r);
  return expected === n[n.length - 1] ? ok(n) : bad('check_digit');
}

/** Mod 11 with weights 5 4 3 2 7 6 5 4 3 2 over the first ten digits: Argentina's CUIT/CUIL and Peru's RUC. */
function mod11Weights5432(d: number[]): number {
  return 11 - (weighted(d.slice(0, 10), [5, 4, 3, 2, 7, 6, 5, 4, 3, 2]) % 11);
}

/** CUIT/CUIL: a type (20, 23, 24, 27 people; 30, 33, 34 companies), 8 digits, a check digit; a verifier of 10 is never issued (AFIP changes the type instead). */
function cuit(n: string): TaxIdResult {
  if (!/^(20|23|24|27|30|33|34)\d{9}$/.test(n)) return bad('format');
  const d = digitsOf(n);
  const r = mod11Weights5432(d);
  if (r === 10) return bad('check_digit');
  return (r === 11 ? 0 : r) === d[10] ? ok(n) : bad('check_digit');
}

/** RUC: type 10, 15 or 17 (people) or 20 (companies), 8 digits, a check digit (10 → 0, 11 → 1). */
function ruc(n: string): TaxIdResult {
  if (!/^(10|15|17|20)\d{9}$/.test(n)) return bad('format');
  const d = digitsOf(n);
  const r = mod11Weights5432(d) % 10;
  return r === d[10] ? ok(n) : bad('check_digit');
}

/** RUT/RUN: up to 8 digits and a verifier 0-9 or K, mod 11 with weights 2..7 from the right. */
function rut(n: string): TaxIdResult {
  if (!/^\d{6,8}[0-9K]$/.test(n)) return bad('format');
  const body = digitsOf(n.slice(0, -1)).reverse();
  const sum = body.reduce((s, v, i) => s + v * (2 + (i % 6)), 0);
  const r = 11 - (sum % 11);
  const expected = r === 11 ? '0' : r === 10 ? 'K' : String(r);
  return expected === n[n.length - 1] ? ok(n) : bad('check_digit');
}

/** NIT: up to 15 digits and a DIAN verifier (weights 3, 7, 13, 17 ... 71 from the right; remainders 0 and 1 are the digit itself). */
const NIT_WEIGHTS = [3, 7, 13, 17, 19, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71];
function nit(n: string): TaxIdResult {
  if (!/^\d{6,16}$/.test(n)) return bad('format');
  const body = digitsOf(n.slice(0, -1)).reverse();
  const r = weighted(body, NIT_WEIGHTS) % 11;
  const expected = r < 2 ? r : 11 - r;
  return expected === Number(n[n.length - 1]) ? ok(n) : bad('check_digit');
}

/**
 * SSN: area 000, 666 and 900-999, group 00 and serial 0000 are never issued (SSA, "Social Security Number
 * Randomization"); 078-05-1120 and 219-09-9999 were printed in advertising and voided.
 */
function ssn(n: string): TaxIdResult {
  if (!/^\d{9}$/.test(n)) return bad('format');
  const area = n.slice(0, 3);
  if (area === '000' || area === '666' || area[0] === '9') return bad('not_issued');
  if (n.slice(3, 5) === '00' || n.slice(5) === '0000') return bad('not_issued');
  if (n === '078051120' || n === '219099999') return bad('not_issued');
  return ok(n);
}

/** The two-digit prefixes the IRS assigns EINs from ("How EINs are Assigned and Valid EIN Prefixes"). */
const EIN_PREFIX_RANGES: ReadonlyArray<readonly [number, number]> = [
  [1, 6], [10, 16], [20, 27], [30, 48], [50, 68], [71, 77], [80, 88], [90, 95], [98, 99],
];
export function isIssuedEinPrefix(prefix: number): boolean {
  return EIN_PREFIX_RANGES.some(([lo, hi]) => prefix >= lo && prefix <= hi);
}

/** EIN: 9 digits (written NN-NNNNNNN); no check digit, so only the prefix can be judged. */
function ein(n: string): TaxIdResult {
  if (!/^\d{9}$/.test(n)) return bad('format');
  return isIssuedEinPrefix(Number(n.slice(0, 2))) ? ok(n) : bad('not_issued');
}

const rules: Record<TaxIdKind, (n: string) => TaxIdResult> = { cpf, cnpj, rfc, cuit, rut, nit, ruc, ssn, ein };

/** Valid, with the number as stored (separators removed, upper case), or the first problem found. */
export function checkTaxId(kind: TaxIdKind, value: string): TaxIdResult {
  return rules[kind](normalizeTaxId(value));
}

/** Whether a kind is one the country's residents give. */
export function isTaxIdKindOf(country: string, kind: string): kind is TaxIdKind {
  const kinds: readonly string[] = (TAX_ID_KINDS_BY_COUNTRY as Record<string, readonly string[]>)[country] ?? [];
  return kinds.includes(kind);
}

/** What a creator sees of a stored number: its last four characters only. */
export function maskTaxId(last4: string): string {
  return `•••• ${last4}`;
}
