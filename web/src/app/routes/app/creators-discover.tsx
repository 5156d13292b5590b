import { DiscoverCreators } from '@/features/creators/components/discover-creators';
import { RequireRole } from '@/lib/authorization';

/** /creators/discover: brands only (spec section 6); anyone else is sent to their own dashboard. */
export function Component() {
  return (
    <RequireRole roles={['brand']}>
      <DiscoverCreators />
    </RequireRole>
  );
}
