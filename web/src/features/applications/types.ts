/** Shapes of the application functions of the `api` schema this feature reads. */
import type { Database } from '@db/database.types';
import type { ApplicationStatus } from '@/types/api';

/** One row of api.campaign_applications(campaign_id): an application with its creator. */
export interface CampaignApplication {
  id: string;
  status: ApplicationStatus | (string & {});
  pitch: string;
  created_at: string;
  updated_at: string;
  creator: { id: string; full_name: string; username: string; avatar_url: string | null };
}

type Row = Database['api']['Functions']['campaign_applications']['Returns'][number];
type Assert<T extends true> = T;
export type ApplicationContractChecks = [
  Assert<[Exclude<keyof CampaignApplication, keyof Row>] extends [never] ? true : false>,
  Assert<Database['api']['Functions']['apply_to_campaign']['Args'] extends { campaign_id: string; pitch: string } ? true : false>,
];
