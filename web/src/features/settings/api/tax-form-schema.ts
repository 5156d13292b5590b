import { z } from 'zod/mini';
import { PAYOUT_COUNTRIES, type PayoutCountry } from '@contract/payout-countries';
import { checkTaxId, TAX_ID_KINDS_BY_COUNTRY, type TaxIdKind } from '@contract/tax-ids';

/** The countries a W-8BEN is signed from here: residents of the payout countries that are not the US. */
export type W8Country = Exclude<PayoutCountry, 'US'>;
export const W8_COUNTRIES: readonly W8Country[] = PAYOUT_COUNTRIES.filter((c): c is W8Country => c !== 'US');

/** An individual's number in each country (the W-8BEN's line 6a): a CPF in Brazil, a 13-character RFC in Mexico. */
export function individualTaxIdKind(country: W8Country): TaxIdKind {
  return country === 'BR' ? 'cpf' : TAX_ID_KINDS_BY_COUNTRY[country][0];
}

/** Rule identifiers the form shows in the reader's language (settings catalogs, `settings.tax.rule.*`). */
export const taxFormRules = {
  required: 'settings.tax.rule.required',
  country: 'settings.tax.rule.country',
  birth: 'settings.tax.rule.birth',
  signer: 'settings.tax.rule.signer',
  perjury: 'settings.tax.rule.perjury',
  format: 'settings.tax.rule.format',
  check_digit: 'settings.tax.rule.check_digit',
  not_issued: 'settings.tax.rule.not_issued',
  generic: 'settings.tax.rule.generic',
} as const;

const text = z.string().check(z.refine((v) => v.trim().length > 0, taxFormRules.required), z.maxLength(200, taxFormRules.required));
const country = z.string().check(z.refine((v) => (W8_COUNTRIES as readonly string[]).includes(v), taxFormRules.country));

/** At least 18 years old on the day of signing, as api.tax_form_submit requires. */
function adultBirthDate(v: string, today = new Date()): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const limit = new Date(Date.UTC(today.getUTCFullYear() - 18, today.getUTCMonth(), today.getUTCDate()));
  const birth = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(birth.getTime()) && birth <= limit && birth.getUTCFullYear() >= 1900;
}

/** The W-8BEN as the form holds it; the number is checked by the contract's rule for the residence country. */
export const w8benFormSchema = z
  .object({
    legalName: text,
    citizenshipCountry: country,
    dateOfBirth: z.string().check(z.refine((v) => adultBirthDate(v), taxFormRules.birth)),
    addressStreet: text,
    addressCity: text,
    addressCountry: country,
    tin: z.string(),
    signerName: z.string(),
    perjuryAccepted: z.boolean().check(z.refine((v) => v, taxFormRules.perjury)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!(W8_COUNTRIES as readonly string[]).includes(v.addressCountry)) return;
      const result = checkTaxId(individualTaxIdKind(v.addressCountry as W8Country), v.tin);
      if (!v.tin.trim()) ctx.issues.push({ code: 'custom', message: taxFormRules.required, path: ['tin'], input: v.tin });
      else if (!result.valid) ctx.issues.push({ code: 'custom', message: taxFormRules[result.problem], path: ['tin'], input: v.tin });
      const norm = (s: string) => s.trim().replace(/\s+/g, ' ').toLowerCase();
      if (norm(v.signerName) !== norm(v.legalName) || !v.signerName.trim()) {
        ctx.issues.push({ code: 'custom', message: taxFormRules.signer, path: ['signerName'], input: v.signerName });
      }
    }),
  );
export type W8benFormValues = z.infer<typeof w8benFormSchema>;

/** The body api.tax_form_submit takes for a W-8BEN. */
export function w8benBody(v: W8benFormValues) {
  const country = v.addressCountry as W8Country;
  return {
    form_type: 'w8ben', legal_name: v.legalName, citizenship_country: v.citizenshipCountry, date_of_birth: v.dateOfBirth,
    address_street: v.addressStreet, address_city: v.addressCity, address_country: country,
    tin_kind: individualTaxIdKind(country), tin: v.tin, signer_name: v.signerName, perjury_accepted: v.perjuryAccepted,
  };
}

