import { HttpError, invalid } from '../../_shared/http-error.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { idParam, optionalText, uuidField } from '../input.ts';
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
  const body = await ctx.body();
  const campaignId = uuidField(body, 'campaignId');
  const status = optionalText(body, 'status');
  if (status !== undefined && status !== 'pending') throw invalid('status', 'A new application is pending');
  const pitch = optionalText(body, 'pitch') ?? '';
  if (!pitch.trim()) throw invalid('pitch', "Please enter a pitch describing why you're a good fit for this campaign.");
  const id = await callRpc<string>(ctx.client(), 'apply_to_campaign', { campaign_id: campaignId, pitch });
  const mine = await callRpc<MyApplication[]>(ctx.client(), 'my_applications');
  const created = mine.find((a) => a.id === id);
  return { status: 201, body: toApi(created ?? { id, campaign_id: campaignId, pitch, status: 'pending' }) };
}

/** PATCH /api/applications/{id} {status: accepted|rejected}: the campaign owner decides. */
export async function updateApplication(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Application');
  const status = optionalText(await ctx.body(), 'status');
  const fn = status === 'accepted' ? 'accept_application' : status === 'rejected' ? 'reject_application' : undefined;
  if (!fn) throw invalid('status', 'Status must be accepted or rejected');
  await callRpc(ctx.client(), fn, { application_id: id });
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
