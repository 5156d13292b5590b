import { ComingSoon } from '@/components/ui/coming-soon';

/** /settings: lands with its own change. */
export function Component() {
  return <ComingSoon title="Settings" />;
}
