import { ComingSoon } from '@/components/ui/coming-soon';

/** /creators/{id}: lands with its own change. */
export function Component() {
  return <ComingSoon title="Creator Profile" />;
}
