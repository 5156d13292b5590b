import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminKeys } from '@/lib/query-keys';
import { rpc } from '@/lib/supabase';
import type { ApiRow, Refine } from '@/types/api-contract';

/** A creator whose tax form needs an admin's attention (api.admin_tax_forms_attention; decisions 0044, 0051). */
export type TaxFormAttention = Refine<
  ApiRow<'admin_tax_forms_attention'>,
  {
    full_name: string | null;
    form_id: string | null;
    form_type: 'w8ben' | 'w8bene' | 'w9' | null;
    state: 'missing' | 'expired' | 'expiring_soon' | 'name_unverified' | 'name_mismatch';
    expires_on: string | null;
    name_check: string | null;
  }
>;

/** The most urgent forms shown at once; each row also says how many need attention in all. */
export const TAX_ATTENTION_ROWS = 200;

export const taxFormsAttentionQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.taxForms(), queryFn: () => rpc<TaxFormAttention[]>('admin_tax_forms_attention', { max_rows: TAX_ATTENTION_ROWS }) });

export const useTaxFormsAttention = () => useQuery(taxFormsAttentionQueryOptions());

/** The full number of one form: each call is audited by the database (tax_form.tin_read). */
export const revealTaxId = (formId: string) => rpc<string>('admin_tax_form_tin', { form_id: formId });

export type TaxReport = '1099-NEC' | '1042-S';

/** The Data API answers at most 1000 rows ([api] max_rows); the report functions refuse larger pages. */
export const TAX_REPORT_PAGE = 1000;

/**
 * Every row of a year-end report (api.admin_1099_nec / api.admin_1042s), page after page in creator order:
 * one call for a whole year would be cut at 1000 rows. Each page is audited by the database.
 */
export async function taxReportRows(report: TaxReport, year: number): Promise<Array<Record<string, unknown>>> {
  const fn = report === '1099-NEC' ? 'admin_1099_nec' : 'admin_1042s';
  const rows: Array<Record<string, unknown>> = [];
  let after: string | null = null;
  for (;;) {
    const page: Array<Record<string, unknown>> = await rpc(fn, { tax_year: year, after_creator: after, page_size: TAX_REPORT_PAGE });
    rows.push(...page);
    const last = page.at(-1);
    if (page.length < TAX_REPORT_PAGE || !last) return rows;
    after = String(last.creator_id);
  }
}
