/**
 * Shapes returned by the `api` schema functions the web app calls (the database contract).
 * Hand-written from the contract so the app builds before `npm run gen:types` has run; each name matches
 * the SQL function it describes. Money is always integer cents.
 */
import type { Role } from '@/config/paths';

/** api.current_profile(): the signed-in user's row, or null. */
export interface Profile {
  id: string;
  email: string;
  username: string;
  full_name: string;
  role: Role | (string & {});
  bio: string | null;
  avatar_url: string | null;
}

/** api.creator_dashboard() */
export interface CreatorDashboard {
  active_gigs: number;
  completed_jobs: number;
  /** Average review score; null until the creator has a review. */
  rating: number | null;
  review_count: number;
  total_earnings_cents: number;
}

/** api.brand_dashboard() */
export interface BrandDashboard {
  active_campaigns: number;
  working_creators: number;
  content_delivered: number;
  total_spent_cents: number;
}

export type ContentType = 'video' | 'image' | 'review' | 'post' | 'story' | 'reel';
export type Platform = 'tiktok' | 'instagram' | 'youtube' | 'facebook' | 'twitter';
export type CompensationType = 'flat_fee' | 'product' | 'performance';
export type CampaignStatus = 'draft' | 'active' | 'paused' | 'completed';
export type ApplicationStatus = 'pending' | 'accepted' | 'rejected';

/** One row of api.browse_campaigns(...) */
export interface CampaignListItem {
  id: string;
  title: string;
  description: string;
  content_type: ContentType;
  platforms: string[];
  compensation_type: CompensationType;
  compensation_cents: number;
  deadline: string;
  status: CampaignStatus;
  created_at: string;
  brand_id: string;
  brand_name: string;
  application_count: number;
  has_applied: boolean;
}

/** Arguments of api.browse_campaigns; the (created_at, id) pair is the keyset cursor. */
export interface BrowseCampaignsArgs {
  keyword?: string | null;
  content_type?: ContentType | null;
  platform?: Platform | null;
  after_created_at?: string | null;
  after_id?: string | null;
  page_size?: number;
}

/** One row of api.my_applications() */
export interface MyApplication {
  id: string;
  status: ApplicationStatus;
  pitch: string;
  created_at: string;
  campaign: {
    id: string;
    title: string;
    compensation_cents: number;
    compensation_type: CompensationType;
    deadline: string;
    status: CampaignStatus;
    content_type: ContentType;
  };
}
