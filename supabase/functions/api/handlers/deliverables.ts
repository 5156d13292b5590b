import { invalid } from '../../_shared/http-error.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { idParam, optionalText, uuidField } from '../input.ts';
import { toApi } from '../serialize.ts';
import { campaignOfMyApplication } from './applications.ts';

/** GET /api/deliverables/{applicationId}: content submitted for an application (its creator and brand). */
export async function listDeliverables(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'applicationId', 'Application');
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'application_deliverables', { application_id: id })) };
}

/** POST /api/deliverables {applicationId, contentUrl, status: 'pending'}: the accepted creator submits a link. */
export async function createDeliverable(ctx: RequestContext): Promise<ApiResult> {
  const body = await ctx.body();
  const applicationId = uuidField(body, 'applicationId');
  const contentUrl = optionalText(body, 'contentUrl') ?? '';
  if (!contentUrl.trim()) throw invalid('contentUrl', 'Please enter a URL to your content.');
  const status = optionalText(body, 'status');
  if (status !== undefined && status !== 'pending') throw invalid('status', 'New content is pending');
  const campaignId = await campaignOfMyApplication(ctx, applicationId);
  const id = await callRpc<string>(ctx.client(), 'submit_deliverable', { campaign_id: campaignId, content_url: contentUrl });
  return { status: 201, body: { id, applicationId, contentUrl: contentUrl.trim(), status: 'pending', feedback: null } };
}

/** PATCH /api/deliverables/{id} {status[, feedback]} (the brand reviews) or {contentUrl} (the creator edits). */
export async function updateDeliverable(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Deliverable');
  const body = await ctx.body();
  const status = optionalText(body, 'status');
  const contentUrl = optionalText(body, 'contentUrl');
  if (status !== undefined && contentUrl !== undefined) throw invalid('status', 'Send either status or contentUrl');
  if (status !== undefined) {
    if (status !== 'approved' && status !== 'rejected') throw invalid('status', 'Status must be approved or rejected');
    await callRpc(ctx.client(), 'review_deliverable', { deliverable_id: id, status, feedback: optionalText(body, 'feedback') ?? null });
    return { status: 200, body: { id, status } };
  }
  if (contentUrl === undefined || !contentUrl.trim()) throw invalid('contentUrl', 'Please enter a URL to your content.');
  await callRpc(ctx.client(), 'update_deliverable', { deliverable_id: id, content_url: contentUrl });
  return { status: 200, body: { id, contentUrl: contentUrl.trim(), status: 'pending' } };
}

/** DELETE /api/deliverables/{id}: the creator removes their (not yet approved) content. */
export async function deleteDeliverable(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Deliverable');
  await callRpc(ctx.client(), 'delete_deliverable', { deliverable_id: id });
  return { status: 204 };
}
