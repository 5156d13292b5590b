import { ComingSoon } from '@/components/ui/coming-soon';

/** /campaigns/create (brand): the campaign form lands with its own change. */
export function Component() {
  return <ComingSoon title="Create Campaign" />;
}
