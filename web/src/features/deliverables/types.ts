/** Shapes of the deliverable functions of the `api` schema this feature reads, derived from the generated types. */
import type { ApiRow, Nullable, Refine } from '@/types/api-contract';

/** The check constraint of app.deliverables.status. */
export type DeliverableStatus = 'pending' | 'submitted' | 'approved' | 'rejected';

/**
 * One row of api.application_deliverables(application_id): a content link and its review (feedback
 * optional); `review_due_at` is when it is approved automatically (content awaiting review on a funded
 * hire only, else null).
 */
export type Deliverable = Refine<Nullable<ApiRow<'application_deliverables'>, 'feedback' | 'review_due_at'>, { status: DeliverableStatus | (string & {}) }>;
