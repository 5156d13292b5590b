import { describe, expect, test } from 'vitest';
import { individualTaxIdKind, w8benBody, w8benFormSchema, type W8benFormValues } from './tax-form-schema';

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
