import { ComingSoon } from '@/components/ui/coming-soon';

/** /campaigns: search and filters land with their own change. */
export function Component() {
  return <ComingSoon title="Browse Campaigns" />;
}
