import { ComingSoon } from '@/components/ui/coming-soon';

/** /creators/discover (brand): lands with its own change. */
export function Component() {
  return <ComingSoon title="Discover Creators" />;
}
