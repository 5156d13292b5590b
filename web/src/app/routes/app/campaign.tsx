import { ComingSoon } from '@/components/ui/coming-soon';

/** /campaigns/{id}: the detail screen lands with its own change. */
export function Component() {
  return <ComingSoon title="Campaign Details" />;
}
