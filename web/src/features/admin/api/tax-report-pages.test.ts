import { beforeEach, describe, expect, it, vi } from 'vitest';

const rpc = vi.fn();
vi.mock('@/lib/supabase', () => ({ rpc: (...args: unknown[]) => rpc(...args) }));

const { TAX_REPORT_PAGE, taxReportRows } = await import('./tax-forms-admin');

const payees = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ creator_id: `c-${String(from + i).padStart(5, '0')}` }));

describe('a year-end report, page after page (the Data API answers at most 1000 rows)', () => {
  beforeEach(() => rpc.mockReset());

  it('asks for the next page after the last payee of a full one, and stops after a short one', async () => {
    rpc.mockResolvedValueOnce(payees(0, TAX_REPORT_PAGE)).mockResolvedValueOnce(payees(TAX_REPORT_PAGE, TAX_REPORT_PAGE)).mockResolvedValueOnce(payees(2 * TAX_REPORT_PAGE, 3));
    const rows = await taxReportRows('1042-S', 2026);
    expect(rows).toHaveLength(2 * TAX_REPORT_PAGE + 3);
    expect(rpc.mock.calls).toEqual([
      ['admin_1042s', { tax_year: 2026, after_creator: null, page_size: TAX_REPORT_PAGE }],
      ['admin_1042s', { tax_year: 2026, after_creator: `c-${String(TAX_REPORT_PAGE - 1).padStart(5, '0')}`, page_size: TAX_REPORT_PAGE }],
      ['admin_1042s', { tax_year: 2026, after_creator: `c-${String(2 * TAX_REPORT_PAGE - 1).padStart(5, '0')}`, page_size: TAX_REPORT_PAGE }],
    ]);
  });

  it('a year that ends exactly on a page asks once more and gets nothing; an error stops the export', async () => {
    rpc.mockResolvedValueOnce(payees(0, TAX_REPORT_PAGE)).mockResolvedValueOnce([]);
    expect(await taxReportRows('1099-NEC', 2025)).toHaveLength(TAX_REPORT_PAGE);
    expect(rpc.mock.calls.map((c) => c[0])).toEqual(['admin_1099_nec', 'admin_1099_nec']);
    rpc.mockReset();
    rpc.mockResolvedValueOnce(payees(0, TAX_REPORT_PAGE)).mockRejectedValueOnce(new Error('statement timeout'));
    await expect(taxReportRows('1042-S', 2026)).rejects.toThrow('statement timeout');
  });
});
