import { dollarsToCents } from '@contract/money';
import { type ReactNode, useState, type FormEvent } from 'react';
import { Badge, type BadgeTone } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { TextField } from '@/components/ui/form-field';
import { toast } from '@/components/ui/toast';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { latestByHire, type LicenceRenewal, type RenewalCode, renewalErrorCode, useDecideLicenceRenewal, useLicenceRenewals, useOfferLicenceRenewal } from '../api/licence-renewals';
import { campaignsCatalog } from '../messages/catalog';

/** The brand's way to pay an accepted renewal: the payments feature's checkout, given by the route. */
export type RenderPayRenewal = (renewal: LicenceRenewal) => ReactNode;

const renewalTone: Record<string, BadgeTone> = { offered: 'yellow', accepted: 'green', declined: 'red' };

/**
 * The brand's renewal part of a licence card (decision 0056): the newest offer and its state, and the
 * "Offer renewal" form (extra days, price in dollars). The database checks both; its codes are explained.
 */
export function BrandRenewal({ applicationId, latest, renderPay }: { applicationId: string; latest: LicenceRenewal | undefined; renderPay?: RenderPayRenewal | undefined }) {
  const f = useFormat();
  const [open, setOpen] = useState(false);
  const [termDays, setTermDays] = useState('');
  const [price, setPrice] = useState('');
  const [error, setError] = useState<RenewalCode | 'failed' | null>(null);
  const offer = useOfferLicenceRenewal({ onError: (e) => setError(renewalErrorCode(e)) });
  const { t } = useT(campaignsCatalog);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const days = /^\s*\d+\s*$/.test(termDays) ? Number(termDays) : null;
    // An unreadable price goes to the database as null, which refuses it with renewal_price_invalid.
    offer.mutate(
      { applicationId, termDays: days, priceCents: dollarsToCents(price) },
      {
        onSuccess: () => {
          setOpen(false);
          setTermDays('');
          setPrice('');
          toast({ kind: 'campaigns.renewal', title: t('campaigns.renewal.sent') });
        },
      },
    );
  };
  // One renewal at a time: a new offer once the last was declined or paid.
  const pending = latest?.status === 'offered' || (latest?.status === 'accepted' && !latest.funded_at);
  return (
    <div className="mt-3 border-t border-slate-200 pt-3" data-testid="licence-renewal">
      {latest && (
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <span className="text-slate-800">{t('campaigns.renewal.latest', { days: f.number(latest.term_days), price: f.money(latest.price_cents) })}</span>
          <Badge tone={latest.funded_at ? 'green' : (renewalTone[latest.status] ?? 'neutral')}>{t(`campaigns.renewal.status.${latest.funded_at ? 'funded' : statusOf(latest)}`)}</Badge>
        </div>
      )}
      {latest?.funded_at && latest.ends_at && <p className="mt-1 text-sm text-slate-600">{t('campaigns.renewal.fundedUntil', { date: f.date(latest.ends_at) })}</p>}
      {latest?.status === 'accepted' && !latest.funded_at && (
        <div className="mt-2 space-y-2">
          <p className="text-sm text-slate-700">{t('campaigns.renewal.awaitingPayment')}</p>
          {renderPay?.(latest)}
        </div>
      )}
      {open ? (
        <form onSubmit={submit} noValidate className="mt-2 space-y-2" aria-label={t('campaigns.renewal.formTitle')}>
          <div className="grid gap-2 sm:grid-cols-2">
            <TextField label={t('campaigns.renewal.termDays')} inputMode="numeric" value={termDays} onChange={(e) => setTermDays(e.target.value)} />
            <TextField label={t('campaigns.renewal.price')} inputMode="decimal" value={price} onChange={(e) => setPrice(e.target.value)} hint={t('campaigns.renewal.priceHint')} />
          </div>
          {error && (
            <p role="alert" className="text-sm text-red-800">
              {t(`campaigns.renewal.error.${error}`)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" pending={offer.isPending}>
              {t('campaigns.renewal.send')}
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setOpen(false);
                setError(null);
              }}
            >
              {t('campaigns.renewal.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        !pending && (
          <Button variant="secondary" size="sm" className="mt-2" onClick={() => setOpen(true)}>
            {t('campaigns.renewal.offer')}
          </Button>
        )
      )}
    </div>
  );
}

const statusOf = (r: LicenceRenewal): 'offered' | 'accepted' | 'declined' => (r.status === 'accepted' ? 'accepted' : r.status === 'declined' ? 'declined' : 'offered');

/** The hired creator's side: the pending renewal offer of this hire, with Accept and Decline. */
export function CreatorRenewalOffer({ applicationId }: { applicationId: string }) {
  const f = useFormat();
  const query = useLicenceRenewals();
  const [error, setError] = useState<RenewalCode | 'failed' | null>(null);
  const decide = useDecideLicenceRenewal({ onError: (e) => setError(renewalErrorCode(e)) });
  const { t } = useT(campaignsCatalog);
  const latest = query.data ? latestByHire(query.data).get(applicationId) : undefined;
  if (!latest || latest.status !== 'offered') return null;
  const choose = (accept: boolean) => {
    setError(null);
    decide.mutate(
      { renewalId: latest.id, accept },
      { onSuccess: () => toast({ kind: 'campaigns.renewal', title: t(accept ? 'campaigns.renewal.accepted' : 'campaigns.renewal.declined') }) },
    );
  };
  return (
    <Card className="p-4" data-testid="creator-renewal-offer">
      <section aria-labelledby={`renewal-${latest.id}`}>
        <h3 id={`renewal-${latest.id}`} className="font-semibold text-slate-900">
          {t('campaigns.renewal.creatorTitle')}
        </h3>
        <p className="mt-1 text-sm text-slate-800">
          {t('campaigns.renewal.creatorText', { brand: latest.brand_name ?? '', price: f.money(latest.price_cents), days: f.number(latest.term_days) })}
        </p>
        {error && (
          <p role="alert" className="mt-2 text-sm text-red-800">
            {t(`campaigns.renewal.error.${error}`)}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" pending={decide.isPending && decide.variables?.accept === true} disabled={decide.isPending} onClick={() => choose(true)}>
            {t('campaigns.renewal.accept')}
          </Button>
          <Button variant="secondary" size="sm" pending={decide.isPending && decide.variables?.accept === false} disabled={decide.isPending} onClick={() => choose(false)}>
            {t('campaigns.renewal.decline')}
          </Button>
        </div>
      </section>
    </Card>
  );
}
