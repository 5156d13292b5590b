import { Navigate } from 'react-router-dom';
import { paths } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { PaymentHistoryTable } from '@/features/payments/components/payment-history-table';
import { EarningsView } from '@/features/earnings/components/earnings-view';
import { DocumentsList } from '@/features/documents/components/documents-list';
import { LicenceLibrary } from '@/features/campaigns/components/licence-library';
import { PayRenewalButton } from '@/features/payments/components/pay-renewal-button';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';

/**
 * /payments/history: brands and creators only; any other role goes to / (spec). Brands see the payments
 * they made and the licence library; creators their earnings (balances, payouts and every movement of their money). Below, the brand's receipts or the
 * creator's monthly statements as PDFs (decision 0057).
 */
export function Component() {
  const { profile } = useUser();
  const { t } = useT(appCatalog);
  const role = profile?.role === 'brand' ? 'brand' : profile?.role === 'creator' ? 'creator' : null;
  if (!role) return <Navigate to={paths.landing.getHref()} replace />;
  return (
    <div className="space-y-6">
      <h1 className="text-2xl font-bold text-slate-900">{t('app.paymentHistory.title')}</h1>
      {role === 'creator' ? <EarningsView /> : <PaymentHistoryTable role={role} />}
      {/* What the brand's payments bought the right to use (decision 0056). */}
      {role === 'brand' && <LicenceLibrary renderPayRenewal={(r) => <PayRenewalButton renewalId={r.id} priceCents={Number(r.price_cents)} />} />}
      <DocumentsList role={role} />
    </div>
  );
}
