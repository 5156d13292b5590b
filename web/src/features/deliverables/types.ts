/** Shapes of the deliverable functions of the `api` schema this feature reads. */
import type { Database } from '@db/database.types';

export type DeliverableStatus = 'pending' | 'submitted' | 'approved' | 'rejected';

/** One row of api.application_deliverables(application_id): a content link and its review. */
export interface Deliverable {
  id: string;
  content_url: string;
  feedback: string | null;
  status: DeliverableStatus | (string & {});
  created_at: string;
  updated_at: string;
}

type Functions = Database['api']['Functions'];
type Row = Functions['application_deliverables']['Returns'][number];
type Assert<T extends true> = T;
export type DeliverableContractChecks = [
  Assert<[Exclude<keyof Deliverable, keyof Row>] extends [never] ? true : false>,
  Assert<Functions['submit_deliverable']['Args'] extends { campaign_id: string; content_url: string } ? true : false>,
  Assert<Functions['update_deliverable']['Args'] extends { deliverable_id: string; content_url: string } ? true : false>,
  Assert<Functions['delete_deliverable']['Args'] extends { deliverable_id: string } ? true : false>,
  Assert<Functions['review_deliverable']['Args'] extends { deliverable_id: string; status: string; feedback?: string } ? true : false>,
];
