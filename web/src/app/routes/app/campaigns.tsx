import type { LoaderFunctionArgs } from 'react-router-dom';
import { prefetchBrowseCampaigns } from '@/features/campaigns/api/browse-campaigns';
import { CampaignsBrowser } from '@/features/campaigns/components/campaigns-browser';
import { useUser } from '@/lib/auth';
import { queryClient } from '@/lib/query-client';
import { hasStoredSession } from '@/lib/supabase-loader';

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
  const { profile } = useUser();
  return <CampaignsBrowser isCreator={profile?.role === 'creator'} />;
}
