import { ComingSoon } from '@/components/ui/coming-soon';

/** /messages: lands with the messaging issue. */
export function Component() {
  return <ComingSoon title="Messages" />;
}
