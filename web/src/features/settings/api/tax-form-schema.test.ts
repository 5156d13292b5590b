import { describe, expect, test } from 'vitest';
import {
  chooseTaxForm, entityTaxIdKind, individualTaxIdKind, w8benBody, w8beneBody, w8beneFormSchema, w8benFormSchema, w9Body, w9FormSchema,
  type W8beneFormValues, type W8benFormValues, type W9FormValues,
} from './tax-form-schema';

const valid: W8benFormValues = {
  legalName: 'Camila Herrera', citizenshipCountry: 'AR', dateOfBirth: '1994-10-09', addressStreet: 'Av. Santa Fe 3250, 7A',
  addressCity: 'Buenos Aires C1425', addressCountry: 'AR', tin: '27-33445566-7', signerName: ' camila  herrera ', perjuryAccepted: true,
};

/** The first message of each field the schema refuses. */
function problems(values: W8benFormValues): Record<string, string> {
  const r = w8benFormSchema.safeParse(values);
  if (r.success) return {};
  return Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
}

describe('the W-8BEN form', () => {
  test("a complete form passes, and its body names the country's kind of number", () => {
    expect(problems(valid)).toEqual({});
    expect(w8benBody(valid)).toMatchObject({ form_type: 'w8ben', tin_kind: 'cuit', address_country: 'AR', perjury_accepted: true });
    expect(['AR', 'BR', 'CL', 'CO', 'MX', 'PE'].map((c) => individualTaxIdKind(c as never))).toEqual(['cuit', 'cpf', 'rut', 'nit', 'rfc', 'ruc']);
  });

  test("the number is checked by the residence country's rule, with the reason", () => {
    expect(problems({ ...valid, tin: '27-33445566-8' })).toEqual({ tin: 'settings.tax.rule.check_digit' });
    expect(problems({ ...valid, tin: '27-3344' })).toEqual({ tin: 'settings.tax.rule.format' });
    expect(problems({ ...valid, addressCountry: 'BR', tin: '529.982.247-25' })).toEqual({});
    expect(problems({ ...valid, addressCountry: 'MX', tin: 'XAXX010101000' })).toEqual({ tin: 'settings.tax.rule.generic' });
    expect(problems({ ...valid, tin: '' })).toEqual({ tin: 'settings.tax.rule.required' });
  });

  test('the signature, the certification, the age and the country are required', () => {
    expect(problems({ ...valid, signerName: 'C. Herrera' })).toEqual({ signerName: 'settings.tax.rule.signer' });
    expect(problems({ ...valid, perjuryAccepted: false })).toEqual({ perjuryAccepted: 'settings.tax.rule.perjury' });
    expect(problems({ ...valid, dateOfBirth: `${new Date().getUTCFullYear() - 10}-01-01` })).toEqual({ dateOfBirth: 'settings.tax.rule.birth' });
    expect(problems({ ...valid, citizenshipCountry: '' })).toEqual({ citizenshipCountry: 'settings.tax.rule.country' });
  });
});

describe('the W-9 form', () => {
  const w9: W9FormValues = {
    legalName: 'Jordan Lee', businessName: '', taxClassification: 'individual', addressStreet: '500 Main St Apt 4',
    addressCity: 'Austin, TX 78701', tinKind: 'ssn', tin: '536-22-1234', signerName: 'Jordan Lee', perjuryAccepted: true,
  };
  const w9Problems = (v: W9FormValues) => {
    const r = w9FormSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
  };

  test('a complete W-9 passes; its body is a US address, the business name left out when empty', () => {
    expect(w9Problems(w9)).toEqual({});
    expect(w9Body(w9)).toMatchObject({ form_type: 'w9', address_country: 'US', tin_kind: 'ssn', business_name: null, tax_classification: 'individual' });
    expect(w9Problems({ ...w9, tinKind: 'ein', tin: '12-3456789', taxClassification: 'llc_s' })).toEqual({});
  });

  test('SSN ranges never issued and EIN prefixes never assigned are refused, with the reason', () => {
    expect(w9Problems({ ...w9, tin: '666-12-3456' })).toEqual({ tin: 'settings.tax.rule.not_issued' });
    expect(w9Problems({ ...w9, tin: '123-00-4567' })).toEqual({ tin: 'settings.tax.rule.not_issued' });
    expect(w9Problems({ ...w9, tinKind: 'ein', tin: '07-1234567' })).toEqual({ tin: 'settings.tax.rule.not_issued' });
    expect(w9Problems({ ...w9, tin: '53622123' })).toEqual({ tin: 'settings.tax.rule.format' });
  });

  test('the classification, the certification and the signature are required', () => {
    expect(w9Problems({ ...w9, taxClassification: '' })).toEqual({ taxClassification: 'settings.tax.rule.required' });
    expect(w9Problems({ ...w9, perjuryAccepted: false })).toEqual({ perjuryAccepted: 'settings.tax.rule.perjury' });
    expect(w9Problems({ ...w9, signerName: ' ' })).toEqual({ signerName: 'settings.tax.rule.required' });
  });
});

describe('the W-8BEN-E form', () => {
  const e: W8beneFormValues = {
    legalName: 'Estudio Creativo SA', incorporationCountry: 'AR', entityStatus: 'corporation', fatcaStatus: 'active_nffe',
    addressStreet: 'Av. Corrientes 1234', addressCity: 'Buenos Aires C1043', addressCountry: 'AR', tin: '30-50001091-2',
    signerName: 'Camila Herrera', signerCapacity: 'Presidente', perjuryAccepted: true,
  };
  const eProblems = (v: W8beneFormValues) => {
    const r = w8beneFormSchema.safeParse(v);
    return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]).reverse());
  };

  test("a complete W-8BEN-E passes; the number is the entity's in each country", () => {
    expect(eProblems(e)).toEqual({});
    expect(w8beneBody(e)).toMatchObject({ form_type: 'w8bene', tin_kind: 'cuit', fatca_status: 'active_nffe', signer_capacity: 'Presidente' });
    expect(['AR', 'BR', 'CL', 'CO', 'MX', 'PE'].map((c) => entityTaxIdKind(c as never))).toEqual(['cuit', 'cnpj', 'rut', 'nit', 'rfc', 'ruc']);
    expect(eProblems({ ...e, addressCountry: 'BR', tin: '12.ABC.345/01DE-35' })).toEqual({});
    expect(eProblems({ ...e, addressCountry: 'MX', tin: 'SAT970701NN3' })).toEqual({});
    expect(eProblems({ ...e, addressCountry: 'PE', tin: '20131312955' })).toEqual({});
  });

  test("a person's number, a wrong check digit and a missing capacity are refused", () => {
    expect(eProblems({ ...e, tin: '20-12345678-6' })).toEqual({ tin: 'settings.tax.rule.entity_number' });
    expect(eProblems({ ...e, addressCountry: 'MX', tin: 'GODE561231GR8' })).toEqual({ tin: 'settings.tax.rule.entity_number' });
    expect(eProblems({ ...e, addressCountry: 'PE', tin: '10468794379' })).toEqual({ tin: 'settings.tax.rule.entity_number' });
    expect(eProblems({ ...e, addressCountry: 'BR', tin: '11.222.333/0001-82' })).toEqual({ tin: 'settings.tax.rule.check_digit' });
    expect(eProblems({ ...e, signerCapacity: '' })).toEqual({ signerCapacity: 'settings.tax.rule.required' });
  });
});

describe('the two questions pick the form', () => {
  test('a US person a W-9, whoever it is; otherwise an individual the W-8BEN and an entity the W-8BEN-E', () => {
    expect([chooseTaxForm(true, false), chooseTaxForm(true, true), chooseTaxForm(false, false), chooseTaxForm(false, true)]).toEqual(['w9', 'w9', 'w8ben', 'w8bene']);
  });
});
