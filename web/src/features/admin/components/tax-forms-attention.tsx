import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { SelectField } from '@/components/ui/select-field';
import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { revealTaxId, type TaxFormAttention, type TaxReport, taxReportRows, useTaxFormsAttention } from '../api/tax-forms-admin';
import { adminErrorText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';
import type en from '../messages/en.json';
import { taxReportCsv, taxReportFileName } from '../utils/tax-report-csv';

type Key = keyof typeof en;

const STATE_CLASSES: Record<TaxFormAttention['state'], string> = {
  expired: 'bg-red-100 text-red-800',
  missing: 'bg-amber-100 text-amber-900',
  expiring_soon: 'bg-amber-50 text-amber-900',
  name_unverified: 'bg-slate-100 text-slate-800',
  name_mismatch: 'bg-red-100 text-red-800',
};

/** A date-only value read as that calendar day wherever the reader is. */
const calendarDay = (day: string) => new Date(`${day}T12:00:00`);

/**
 * Tax forms needing attention (decisions 0044, 0051): payable creators whose form is missing, expired,
 * expiring within 90 days, or signed with a name the payout account could not confirm; each form's full
 * number on request (audited); and the year-end 1099-NEC and 1042-S files.
 */
export function TaxFormsAttention() {
  const f = useFormat();
  const { data, error, isPending } = useTaxFormsAttention();
  // All that need attention, not only the rows shown (the most urgent first).
  const total = Number(data?.[0]?.total_count ?? 0);
  const [revealed, setRevealed] = useState<Record<string, string>>({});
  const headingId = useId();
  const { t } = useT(adminCatalog);
  const reveal = async (formId: string) => {
    try {
      const tin = await revealTaxId(formId);
      setRevealed((r) => ({ ...r, [formId]: tin }));
    } catch (e) {
      toast({ kind: 'admin.tax', title: t('admin.tax.revealFailed'), description: adminErrorText(t, e as Error), variant: 'destructive' });
    }
  };
  return (
    <Card className="p-5" id="tax-forms">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('admin.tax.title')}
          {total > 0 && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">{f.number(total)}</span>}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('admin.tax.lead')}</p>
        {isPending ? (
          <Spinner className="mt-4" />
        ) : error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {t('admin.tax.loadError', { reason: adminErrorText(t, error) })}
          </p>
        ) : data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('admin.tax.empty')}</p>
        ) : (
          <>
          {total > data.length && <p className="mt-3 text-sm text-slate-700">{t('admin.tax.mostUrgent', { shown: f.number(data.length), total: f.number(total) })}</p>}
          <ul className="mt-4 divide-y divide-slate-200" aria-label={t('admin.tax.list')}>
            {data.map((r) => (
              <li key={r.creator_id} className="flex flex-col gap-2 py-3 text-sm sm:flex-row sm:items-center sm:justify-between" aria-label={r.full_name ?? ''}>
                <div className="min-w-0">
                  <p className="font-semibold break-words text-slate-900">{r.full_name}</p>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-slate-600">
                    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATE_CLASSES[r.state]}`}>{t(`admin.tax.state.${r.state}` as Key)}</span>
                    {r.form_type && <span>{t(`admin.tax.form.${r.form_type}` as Key)}</span>}
                    {r.expires_on && <span>{t('admin.tax.expires', { date: f.date(calendarDay(r.expires_on)) })}</span>}
                    <span>{t('admin.tax.available', { amount: f.money(r.available_cents) })}</span>
                  </p>
                </div>
                {r.form_id &&
                  (revealed[r.form_id] ? (
                    <p className="font-mono text-slate-900" aria-label={t('admin.tax.fullNumber')}>
                      {revealed[r.form_id]}
                    </p>
                  ) : (
                    <Button variant="secondary" size="sm" onClick={() => void reveal(r.form_id!)}>
                      {t('admin.tax.reveal')}
                    </Button>
                  ))}
              </li>
            ))}
          </ul>
          </>
        )}
        <TaxReports />
      </section>
    </Card>
  );
}

/** The year-end files: the year, then one download per report (each export audited by the database). */
function TaxReports() {
  const thisYear = new Date().getFullYear();
  const [year, setYear] = useState(thisYear);
  const [busy, setBusy] = useState<TaxReport | null>(null);
  const { t } = useT(adminCatalog);
  const years = [thisYear, thisYear - 1].map((y) => ({ value: String(y), label: String(y) }));
  const download = async (report: TaxReport) => {
    setBusy(report);
    try {
      const rows = await taxReportRows(report, year);
      const url = URL.createObjectURL(new Blob([taxReportCsv(report, rows)], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = taxReportFileName(report, year);
      a.click();
      URL.revokeObjectURL(url);
      toast({ kind: 'admin.tax', title: t('admin.tax.exported', { report, year, count: rows.length }) });
    } catch (e) {
      toast({ kind: 'admin.tax', title: t('admin.tax.exportFailed'), description: adminErrorText(t, e as Error), variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <h3 className="font-semibold text-slate-900">{t('admin.tax.reports.title')}</h3>
      <p className="mt-1 text-sm text-slate-600">{t('admin.tax.reports.lead')}</p>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SelectField label={t('admin.tax.reports.year')} options={years} value={String(year)} onChange={(e) => setYear(Number(e.target.value))} className="sm:w-32" />
        <Button variant="secondary" pending={busy === '1099-NEC'} onClick={() => void download('1099-NEC')}>
          {t('admin.tax.reports.nec')}
        </Button>
        <Button variant="secondary" pending={busy === '1042-S'} onClick={() => void download('1042-S')}>
          {t('admin.tax.reports.s1042')}
        </Button>
      </div>
    </div>
  );
}
