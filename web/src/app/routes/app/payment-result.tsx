import { useSearchParams } from 'react-router-dom';
import { dashboardPathForRole } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { PaymentResultView } from '@/features/payments/components/payment-result-view';

/** /payments/result: where Stripe's redirect (or the local checkout page) brings the brand back. */
export function Component() {
  const [params] = useSearchParams();
  const { profile } = useUser();
  return <PaymentResultView paymentIntentId={params.get('payment_intent')} dashboardHref={dashboardPathForRole(profile?.role)} />;
}
