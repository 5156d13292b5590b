import { API_APPLY_ORDER, apiApplicationDecisionSchema, apiApplySchema } from '../../_shared/contract/api-bodies.ts';
import { HttpError } from '../../_shared/http-error.ts';
import { parseInput } from '../../_shared/parse-input.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { idParam } from '../input.ts';
import { toApi } from '../serialize.ts';

type MyApplication = { id: string; status: string; pitch: string; campaign: { id: string } };

/** GET /api/applications/creator: the calling creator's applications with a campaign summary. */
export async function listCreatorApplications(ctx: RequestContext): Promise<ApiResult> {
  await ctx.requireRole(['creator'], 'Only creators have applications');
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'my_applications')) };
}

/** GET /api/applications/campaign/{id}: the owner sees the campaign's applicants. */
export async function listCampaignApplications(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Campaign');
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'campaign_applications', { campaign_id: id })) };
}

/** POST /api/applications {campaignId, pitch, status: 'pending'}: a creator applies. */
export async function createApplication(ctx: RequestContext): Promise<ApiResult> {
  const { campaignId, pitch } = parseInput(apiApplySchema, await ctx.body(), API_APPLY_ORDER);
  const id = await callRpc<string>(ctx.client(), 'apply_to_campaign', { campaign_id: campaignId, pitch });
  const mine = await callRpc<MyApplication[]>(ctx.client(), 'my_applications');
  const created = mine.find((a) => a.id === id);
  return { status: 201, body: toApi(created ?? { id, campaign_id: campaignId, pitch, status: 'pending' }) };
}

/** PATCH /api/applications/{id} {status: accepted|rejected}: the campaign owner decides. */
export async function updateApplication(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Application');
  const { status } = parseInput(apiApplicationDecisionSchema, await ctx.body());
  await callRpc(ctx.client(), status === 'accepted' ? 'accept_application' : 'reject_application', { application_id: id });
  return { status: 200, body: { id, status } };
}

/** The campaign of one of the calling creator's applications (deliverables are filed per campaign). */
export async function campaignOfMyApplication(ctx: RequestContext, applicationId: string): Promise<string> {
  await ctx.requireRole(['creator'], 'Only creators can submit content');
  const mine = await callRpc<MyApplication[]>(ctx.client(), 'my_applications');
  const app = mine.find((a) => a.id === applicationId);
  if (!app) throw new HttpError(404, 'Could not find your application for this campaign.', 'application_not_found');
  return app.campaign.id;
}
