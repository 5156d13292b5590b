import { ComingSoon } from '@/components/ui/coming-soon';

/** /payments/result: lands with the payments issue. */
export function Component() {
  return <ComingSoon title="Payment Result" />;
}
