import { ComingSoon } from '@/components/ui/coming-soon';

/** /campaigns/edit/{id}: the edit form lands with its own change. */
export function Component() {
  return <ComingSoon title="Edit Campaign" />;
}
