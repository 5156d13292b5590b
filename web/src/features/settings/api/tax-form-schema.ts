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
  entity_number: 'settings.tax.rule.entity_number',
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


/**
 * An entity's number in each country (the W-8BEN-E's line 9b): a CNPJ in Brazil, a 12-character RFC
 * (persona moral) in Mexico, a CUIT starting 30/33/34, a RUC of type 20; the database's
 * app.tax_id_fits_form holds the same rule.
 */
export function entityTaxIdKind(country: W8Country): TaxIdKind {
  return country === 'BR' ? 'cnpj' : TAX_ID_KINDS_BY_COUNTRY[country][0];
}

/** Whether a well-formed number is an entity's (W-8BEN-E) rather than a person's, where the layout tells. */
export function isEntityNumber(country: W8Country, normalized: string): boolean {
  if (country === 'MX') return normalized.length === 12;
  if (country === 'AR') return normalized.startsWith('3');
  if (country === 'PE') return normalized.startsWith('20');
  return true;
}

/** The W-9's line 3a (federal tax classification); an LLC names how it is taxed (C, S or P). */
export const W9_CLASSIFICATIONS = ['individual', 'c_corporation', 's_corporation', 'partnership', 'trust_estate', 'llc_c', 'llc_s', 'llc_p'] as const;
export type W9Classification = (typeof W9_CLASSIFICATIONS)[number];

/**
 * The W-8BEN-E's line 4 (chapter 3 status) a small company abroad picks from, and its line 5 (chapter 4
 * status): an active NFFE (Part XXV: under half its income and assets passive), what a company selling
 * its own services is. Other statuses need parts of the form this screen does not carry (support).
 */
export const ENTITY_STATUSES = ['corporation', 'partnership', 'disregarded_entity'] as const;
export const FATCA_STATUSES = ['active_nffe'] as const;

const pick = <T extends readonly string[]>(list: T) => z.string().check(z.refine((v) => (list as readonly string[]).includes(v), taxFormRules.required));

/** The W-9 as the form holds it (a US person: SSN for individuals, SSN or EIN otherwise). */
export const w9FormSchema = z
  .object({
    legalName: text,
    businessName: z.string().check(z.maxLength(200, taxFormRules.required)),
    taxClassification: pick(W9_CLASSIFICATIONS),
    addressStreet: text,
    addressCity: text,
    tinKind: pick(['ssn', 'ein'] as const),
    tin: z.string(),
    signerName: text,
    perjuryAccepted: z.boolean().check(z.refine((v) => v, taxFormRules.perjury)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.tinKind !== 'ssn' && v.tinKind !== 'ein') return;
      const result = checkTaxId(v.tinKind, v.tin);
      if (!v.tin.trim()) ctx.issues.push({ code: 'custom', message: taxFormRules.required, path: ['tin'], input: v.tin });
      else if (!result.valid) ctx.issues.push({ code: 'custom', message: taxFormRules[result.problem], path: ['tin'], input: v.tin });
    }),
  );
export type W9FormValues = z.infer<typeof w9FormSchema>;

/** The body api.tax_form_submit takes for a W-9: the address is in the United States. */
export function w9Body(v: W9FormValues) {
  return {
    form_type: 'w9', legal_name: v.legalName, business_name: v.businessName.trim() || null, tax_classification: v.taxClassification,
    address_street: v.addressStreet, address_city: v.addressCity, address_country: 'US',
    tin_kind: v.tinKind, tin: v.tin, signer_name: v.signerName, perjury_accepted: v.perjuryAccepted,
  };
}

/** The W-8BEN-E as the form holds it: an entity resident in a payout country, signed by someone with capacity. */
export const w8beneFormSchema = z
  .object({
    legalName: text,
    incorporationCountry: country,
    entityStatus: pick(ENTITY_STATUSES),
    fatcaStatus: pick(FATCA_STATUSES),
    addressStreet: text,
    addressCity: text,
    addressCountry: country,
    tin: z.string(),
    signerName: text,
    signerCapacity: text,
    perjuryAccepted: z.boolean().check(z.refine((v) => v, taxFormRules.perjury)),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (!(W8_COUNTRIES as readonly string[]).includes(v.addressCountry)) return;
      const c = v.addressCountry as W8Country;
      const result = checkTaxId(entityTaxIdKind(c), v.tin);
      if (!v.tin.trim()) ctx.issues.push({ code: 'custom', message: taxFormRules.required, path: ['tin'], input: v.tin });
      else if (!result.valid) ctx.issues.push({ code: 'custom', message: taxFormRules[result.problem], path: ['tin'], input: v.tin });
      else if (!isEntityNumber(c, result.normalized)) ctx.issues.push({ code: 'custom', message: taxFormRules.entity_number, path: ['tin'], input: v.tin });
    }),
  );
export type W8beneFormValues = z.infer<typeof w8beneFormSchema>;

/** The body api.tax_form_submit takes for a W-8BEN-E. */
export function w8beneBody(v: W8beneFormValues) {
  const c = v.addressCountry as W8Country;
  return {
    form_type: 'w8bene', legal_name: v.legalName, incorporation_country: v.incorporationCountry, entity_status: v.entityStatus,
    fatca_status: v.fatcaStatus, address_street: v.addressStreet, address_city: v.addressCity, address_country: c,
    tin_kind: entityTaxIdKind(c), tin: v.tin, signer_name: v.signerName, signer_capacity: v.signerCapacity, perjury_accepted: v.perjuryAccepted,
  };
}

/** Which form the two questions pick (Instructions for the Requester: a US person gives a W-9, whoever it is). */
export type TaxFormType = 'w8ben' | 'w8bene' | 'w9';
export function chooseTaxForm(usPerson: boolean, entity: boolean): TaxFormType {
  if (usPerson) return 'w9';
  return entity ? 'w8bene' : 'w8ben';
}
