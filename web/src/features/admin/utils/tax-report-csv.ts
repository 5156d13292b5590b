import type { TaxReport } from '../api/tax-forms-admin';
import { csvDollars, toCsv } from '@/lib/csv';

/** The columns of each report, named as the IRS form's boxes are (the accountant's words, not the app's). */
const COLUMNS: Record<TaxReport, ReadonlyArray<readonly [string, (r: Record<string, unknown>) => unknown]>> = {
  '1099-NEC': [
    ['tax_year', (r) => r.report_year],
    ['recipient_name', (r) => r.recipient_name],
    ['business_name', (r) => r.business_name],
    ['federal_tax_classification', (r) => r.tax_classification],
    ['recipient_tin_type', (r) => String(r.tin_kind ?? '').toUpperCase()],
    ['recipient_tin', (r) => r.tin],
    ['street_address', (r) => r.address_street],
    ['city_state_zip', (r) => r.address_city],
    ['box1_nonemployee_compensation', (r) => csvDollars(r.box1_cents as number)],
    ['reporting_threshold', (r) => csvDollars(r.threshold_cents as number)],
  ],
  '1042-S': [
    ['tax_year', (r) => r.report_year],
    ['form_on_file', (r) => (r.form_type === 'w8bene' ? 'W-8BEN-E' : 'W-8BEN')],
    ['recipient_name', (r) => r.recipient_name],
    ['recipient_country', (r) => r.recipient_country],
    ['chapter3_status', (r) => r.chapter3_status],
    ['chapter3_status_code', (r) => r.chapter3_status_code],
    ['foreign_tin_type', (r) => String(r.foreign_tin_kind ?? '').toUpperCase()],
    ['foreign_tin', (r) => r.foreign_tin],
    ['date_of_birth', (r) => r.date_of_birth],
    ['street_address', (r) => r.address_street],
    ['city_postal_code', (r) => r.address_city],
    ['income_code', (r) => r.income_code],
    ['gross_income', (r) => csvDollars(r.gross_income_cents as number)],
    ['treaty_country', (r) => r.treaty_country],
    ['treaty_article', (r) => r.treaty_article],
    ['chapter3_exemption_code', (r) => r.exemption_code],
    ['chapter3_tax_rate_percent', (r) => (r.tax_rate_bps === null || r.tax_rate_bps === undefined ? '' : (Number(r.tax_rate_bps) / 100).toFixed(2))],
    ['federal_tax_withheld', (r) => csvDollars(r.federal_tax_withheld_cents as number)],
  ],
};

/** The order an accountant reads a report in (the pages arrive in creator order): 1042-S by country, then name. */
const SORT_KEYS: Record<TaxReport, ReadonlyArray<string>> = {
  '1099-NEC': ['recipient_name', 'creator_id'],
  '1042-S': ['recipient_country', 'recipient_name', 'creator_id'],
};

const byKeys = (keys: ReadonlyArray<string>) => (a: Record<string, unknown>, b: Record<string, unknown>) => {
  for (const k of keys) {
    const d = String(a[k] ?? '').localeCompare(String(b[k] ?? ''), 'en');
    if (d !== 0) return d;
  }
  return 0;
};

/** A report's rows as the CSV file an admin downloads. */
export function taxReportCsv(report: TaxReport, rows: ReadonlyArray<Record<string, unknown>>): string {
  const columns = COLUMNS[report];
  const header = columns.map(([name]) => name);
  const sorted = [...rows].sort(byKeys(SORT_KEYS[report]));
  return toCsv(header, sorted.map((r) => Object.fromEntries(columns.map(([name, get]) => [name, get(r)]))));
}

export const taxReportFileName = (report: TaxReport, year: number) => `${report.toLowerCase()}-${year}.csv`;
