import { ComingSoon } from '@/components/ui/coming-soon';

/** /payments/history: lands with the payments issue. */
export function Component() {
  return <ComingSoon title="Payment History" />;
}
