import { describe, expect, test } from 'vitest';
import { csvDollars, csvField, toCsv } from '@/lib/csv';

describe('CSV for the year-end exports', () => {
  test('every field quoted, quotes doubled, commas and line breaks kept inside the field', () => {
    expect(csvField('Estudio "La Plaza", S.A.')).toBe('"Estudio ""La Plaza"", S.A."');
    expect(csvField('Calle 1\nDepto 2')).toBe('"Calle 1\nDepto 2"');
    expect(csvField(null)).toBe('""');
    expect(toCsv(['a', 'b'], [{ a: 'x,y', b: 1 }, { a: null }])).toBe('"a","b"\r\n"x,y","1"\r\n"",""\r\n');
  });

  test('a value a spreadsheet would run as a formula is made text', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('-1')).toBe('"\'-1"');
  });

  test('cents are dollars with two decimals', () => {
    expect(csvDollars(200000)).toBe('2000.00');
    expect(csvDollars('12345')).toBe('123.45');
    expect(csvDollars(null)).toBe('');
  });
});

describe('the year-end report files', () => {
  test('1099-NEC: box 1 in dollars, the TIN type in capitals', async () => {
    const { taxReportCsv } = await import('./tax-report-csv');
    const csv = taxReportCsv('1099-NEC', [{ report_year: 2026, recipient_name: 'Lee, Jordan', business_name: null, tax_classification: 'individual', tin_kind: 'ssn',
      tin: '536221234', address_street: '500 Main St', address_city: 'Austin, TX 78701', box1_cents: '250000', threshold_cents: '200000' }]);
    const [header, row] = csv.split('\r\n');
    expect(header).toContain('"box1_nonemployee_compensation"');
    expect(row).toBe('"2026","Lee, Jordan","","individual","SSN","536221234","500 Main St","Austin, TX 78701","2500.00","2000.00"');
  });

  test('1042-S: income code 17, the treaty rate as a percentage', async () => {
    const { taxReportCsv } = await import('./tax-report-csv');
    const csv = taxReportCsv('1042-S', [{ report_year: 2026, form_type: 'w8ben', recipient_name: 'Valentina Gómez', recipient_country: 'MX', chapter3_status: 'individual',
      chapter3_status_code: '16', foreign_tin_kind: 'rfc', foreign_tin: 'GOGV950314K24', income_code: '17', gross_income_cents: '12345', tax_rate_bps: 0,
      exemption_code: '04', federal_tax_withheld_cents: '0' }]);
    expect(csv.split('\r\n')[1]).toBe('"2026","W-8BEN","Valentina Gómez","MX","individual","16","RFC","GOGV950314K24","","","","17","123.45","","","04","0.00","0.00"');
  });

  test('rows arrive in creator order (pages) and leave in the accountant\'s: 1042-S by country then name, 1099-NEC by name', async () => {
    const { taxReportCsv } = await import('./tax-report-csv');
    const names = (csv: string, column: number) => csv.split('\r\n').slice(1).filter(Boolean).map((line) => line.split('","')[column]);
    const s1042 = taxReportCsv('1042-S', [
      { creator_id: 'a', recipient_name: 'Zoe', recipient_country: 'MX' },
      { creator_id: 'b', recipient_name: 'Ana', recipient_country: 'MX' },
      { creator_id: 'c', recipient_name: 'Ulises', recipient_country: 'AR' },
    ]);
    expect(names(s1042, 2)).toEqual(['Ulises', 'Ana', 'Zoe']);
    const nec = taxReportCsv('1099-NEC', [
      { creator_id: 'b', recipient_name: 'Lee, Jordan' },
      { creator_id: 'a', recipient_name: 'Adams, Kim' },
    ]);
    expect(names(nec, 1)).toEqual(['Adams, Kim', 'Lee, Jordan']);
  });
});
