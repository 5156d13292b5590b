import { useId, useState } from 'react';
import { FormDialog } from '@/components/form-dialog';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField } from '@/components/ui/textarea-field';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { type PendingBrand, useBrandQueue, useDecideBrand } from '../api/brand-queue';
import { adminErrorText } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';

/** A website as a link (a bare host is stored by older rows: it opens as https://). */
const siteHref = (website: string) => (/^https?:\/\//i.test(website) ? website : `https://${website}`);

/**
 * Brands waiting for approval (decision 0036): company, website, email and sign-up date, each with
 * Approve and Reject (a reason the brand reads in its email and on its dashboard).
 */
export function BrandQueue() {
  const f = useFormat();
  const { data, error, isPending } = useBrandQueue();
  const [rejecting, setRejecting] = useState<PendingBrand | null>(null);
  const decide = useDecideBrand({
    onSuccess: (d) => {
      const name = data?.find((b) => b.user_id === d.brandId)?.company_name ?? '';
      toast({ kind: 'admin.brands', title: t(d.approve ? 'admin.brands.toast.approved' : 'admin.brands.toast.rejected', { name }) });
      setRejecting(null);
    },
    onError: (e) => toast({ kind: 'admin.brands', title: t('admin.brands.toast.failed'), description: adminErrorText(t, e), variant: 'destructive' }),
  });
  const headingId = useId();
  const { t } = useT(adminCatalog);
  return (
    <Card className="p-5" id="brands">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('admin.brands.title')}
          {data && data.length > 0 && <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-900">{f.number(data.length)}</span>}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t('admin.brands.lead')}</p>
        {isPending ? (
          <Spinner className="mt-4" />
        ) : error ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            {t('admin.brands.loadError', { reason: adminErrorText(t, error) })}
          </p>
        ) : data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-600">{t('admin.brands.empty')}</p>
        ) : (
          <ul className="mt-4 divide-y divide-slate-200">
            {data.map((b) => (
              <li key={b.user_id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" aria-label={b.company_name}>
                <div className="min-w-0 text-sm">
                  <p className="font-semibold break-words text-slate-900">{b.company_name}</p>
                  {b.website && (
                    <a href={siteHref(b.website)} target="_blank" rel="noopener noreferrer" className="block break-all text-brand-700 underline">
                      {b.website}
                    </a>
                  )}
                  <p className="break-all text-slate-700">
                    {b.email}
                    {!b.email_confirmed && <span className="ml-2 text-xs text-amber-800">{t('admin.brands.unconfirmed')}</span>}
                  </p>
                  <p className="text-xs text-slate-600">{t('admin.brands.signedUp', { date: f.date(b.signed_up_at) })}</p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <Button
                    size="sm"
                    pending={decide.isPending && decide.variables?.brandId === b.user_id && decide.variables.approve}
                    disabled={decide.isPending}
                    onClick={() => decide.mutate({ brandId: b.user_id, approve: true })}
                    aria-label={t('admin.brands.approveName', { name: b.company_name })}
                  >
                    {t('admin.brands.approve')}
                  </Button>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={decide.isPending}
                    onClick={() => setRejecting(b)}
                    aria-label={t('admin.brands.rejectName', { name: b.company_name })}
                  >
                    {t('admin.brands.reject')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
      {rejecting && (
        <RejectDialog
          brand={rejecting}
          pending={decide.isPending}
          onClose={() => !decide.isPending && setRejecting(null)}
          onReject={(reason) => decide.mutate({ brandId: rejecting.user_id, approve: false, reason })}
        />
      )}
    </Card>
  );
}

function RejectDialog({ brand, pending, onClose, onReject }: { brand: PendingBrand; pending: boolean; onClose: () => void; onReject: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const { t } = useT(adminCatalog);
  return (
    <FormDialog
      open
      onClose={onClose}
      pending={pending}
      title={t('admin.brands.rejectTitle', { name: brand.company_name })}
      onSubmit={() => {
        if (!reason.trim()) return setMissing(true);
        onReject(reason.trim());
      }}
      cancelLabel={t('admin.cancel')}
      submitLabel={t('admin.brands.rejectSubmit')}
      submitVariant="danger"
    >
      <TextAreaField
        label={t('admin.brands.reason')}
        hint={t('admin.brands.reasonHint')}
        rows={3}
        maxLength={1000}
        value={reason}
        onChange={(e) => {
          setReason(e.target.value);
          setMissing(false);
        }}
        error={missing ? t('admin.brands.reasonRequired') : undefined}
      />
    </FormDialog>
  );
}
