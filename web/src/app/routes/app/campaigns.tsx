import { useLocation, type LoaderFunctionArgs } from 'react-router-dom';
import { prefetchBrowseCampaigns, useBrowseCampaignPages, useBrowseCampaignsCount } from '@/features/campaigns/api/browse-campaigns';
import { CampaignsBrowser } from '@/features/campaigns/components/campaigns-browser';
import { useBrowseFilters } from '@/features/campaigns/hooks/use-browse-filters';
import { useUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { hasStoredSession } from '@/lib/supabase-loader';
import { useScreenSnapshot } from '@/lib/use-screen-snapshot';

/**
 * Starts reading the list as soon as the route matches, not awaited: the shell's guard still decides what
 * shows. Without a stored session the visitor is signed out and goes to /auth, so nothing is read.
 */
export function loader({ request }: LoaderFunctionArgs) {
  if (hasStoredSession()) prefetchBrowseCampaigns(queryClient, new URL(request.url).searchParams);
  return null;
}

/** /campaigns: Browse Campaigns (every signed-in role; creators get the apply wording on cards). */
export function Component() {
  const { session, profile } = useUser();
  useSnapshotOfFirstPage(session?.user.id);
  return <CampaignsBrowser isCreator={profile?.role === 'creator'} />;
}

/**
 * The unfiltered list's first screen is kept for this user's next visit (decision 0027): once its first
 * page and its count are in, before any further page is loaded. The same queries as the browser's (shared).
 */
function useSnapshotOfFirstPage(userId: string | undefined) {
  const { search } = useLocation();
  const [filters] = useBrowseFilters();
  const pages = useBrowseCampaignPages(filters);
  const count = useBrowseCampaignsCount(filters);
  const ready = search === '' && pages.isSuccess && pages.data.pages.length === 1 && count.isSuccess;
  useScreenSnapshot(userId, ready);
}
