import {
  API_DELIVERABLE_ORDER,
  API_DELIVERABLE_UPDATE_ORDER,
  apiDeliverableSchema,
  apiDeliverableUpdateSchema,
} from '../../_shared/contract/api-bodies.ts';
import { parseInput } from '../../_shared/parse-input.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { idParam } from '../input.ts';
import { toApi } from '../serialize.ts';
import { campaignOfMyApplication } from './applications.ts';

/** GET /api/deliverables/{applicationId}: content submitted for an application (its creator and brand). */
export async function listDeliverables(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'applicationId', 'Application');
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'application_deliverables', { application_id: id })) };
}

/** POST /api/deliverables {applicationId, contentUrl, status: 'pending'}: the accepted creator submits a link. */
export async function createDeliverable(ctx: RequestContext): Promise<ApiResult> {
  const { applicationId, contentUrl } = parseInput(apiDeliverableSchema, await ctx.body(), API_DELIVERABLE_ORDER);
  const campaignId = await campaignOfMyApplication(ctx, applicationId);
  const id = await callRpc<string>(ctx.client(), 'submit_deliverable', { campaign_id: campaignId, content_url: contentUrl });
  return { status: 201, body: { id, applicationId, contentUrl: contentUrl.trim(), status: 'pending', feedback: null } };
}

/** PATCH /api/deliverables/{id} {status[, feedback]} (the brand reviews) or {contentUrl} (the creator edits). */
export async function updateDeliverable(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Deliverable');
  const update = parseInput(apiDeliverableUpdateSchema, await ctx.body(), API_DELIVERABLE_UPDATE_ORDER);
  if ('review' in update) {
    await callRpc(ctx.client(), 'review_deliverable', { deliverable_id: id, status: update.review, feedback: update.feedback });
    return { status: 200, body: { id, status: update.review } };
  }
  const { contentUrl } = update;
  await callRpc(ctx.client(), 'update_deliverable', { deliverable_id: id, content_url: contentUrl });
  return { status: 200, body: { id, contentUrl: contentUrl.trim(), status: 'pending' } };
}

/** DELETE /api/deliverables/{id}: the creator removes their (not yet approved) content. */
export async function deleteDeliverable(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Deliverable');
  await callRpc(ctx.client(), 'delete_deliverable', { deliverable_id: id });
  return { status: 204 };
}
