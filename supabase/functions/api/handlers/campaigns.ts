import { invalid } from '../../_shared/http-error.ts';
import { HttpError } from '../../_shared/http-error.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { firstOr404, idParam, optionalText } from '../input.ts';
import { dollarsToCents, platformsList, toApi } from '../serialize.ts';

type CampaignRow = {
  id: string;
  brand_id: string;
  title: string;
  description: string;
  content_type: string;
  platforms: string[];
  compensation_type: string;
  compensation_cents: number;
  deadline: string;
  requirements: string | null;
  status: string;
  is_owner: boolean;
};

/** GET /api/campaigns[?keyword=&contentType=&platform=]: active campaigns, newest first (100 at most). */
export async function listCampaigns(ctx: RequestContext): Promise<ApiResult> {
  const q = ctx.url.searchParams;
  const rows = await callRpc<unknown[]>(ctx.client(), 'browse_campaigns', {
    keyword: q.get('keyword') || null,
    content_type: q.get('contentType') || null,
    platform: q.get('platform') || null,
    page_size: 100,
  });
  return { status: 200, body: toApi(rows) };
}

/** GET /api/campaigns/brand: the calling brand's own campaigns. */
export async function listBrandCampaigns(ctx: RequestContext): Promise<ApiResult> {
  await ctx.requireRole(['brand'], 'Only brands have campaigns');
  return { status: 200, body: toApi(await callRpc<unknown[]>(ctx.client(), 'my_campaigns')) };
}

async function readCampaign(ctx: RequestContext, id: string): Promise<CampaignRow> {
  return firstOr404(await callRpc<CampaignRow[]>(ctx.client(), 'campaign_detail', { campaign_id: id }), 'Campaign');
}

/** GET /api/campaigns/{id} */
export async function getCampaign(ctx: RequestContext): Promise<ApiResult> {
  const row = await readCampaign(ctx, idParam(ctx, 'id', 'Campaign'));
  return { status: 200, body: toApi(row) };
}

/** The campaign form's fields, in the database's terms; absent fields are undefined. */
function campaignFields(body: Record<string, unknown>) {
  const cents = dollarsToCents(body.compensation);
  if (cents === 'invalid') throw invalid('compensation', 'Compensation must be a number');
  const platforms = platformsList(body.platforms);
  const deadline = optionalText(body, 'deadline');
  if (deadline !== undefined && deadline.trim() && Number.isNaN(Date.parse(deadline))) throw invalid('deadline', 'Deadline must be a date');
  return {
    title: optionalText(body, 'title'),
    description: optionalText(body, 'description'),
    content_type: optionalText(body, 'contentType'),
    platforms,
    compensation_type: optionalText(body, 'compensationType'),
    compensation_cents: cents,
    deadline: deadline?.trim() ? deadline : deadline === undefined ? undefined : null,
    requirements: body.requirements === null ? null : optionalText(body, 'requirements'),
    status: optionalText(body, 'status'),
  };
}

/** POST /api/campaigns: a brand creates a campaign; brandId, when sent, must be the brand itself. */
export async function createCampaign(ctx: RequestContext): Promise<ApiResult> {
  const body = await ctx.body();
  const me = await ctx.requireRole(['brand'], 'Only brands can create campaigns');
  if (body.brandId !== undefined && body.brandId !== me.id) {
    throw new HttpError(403, 'You can only create campaigns for your own brand', 'not_owner');
  }
  const f = campaignFields(body);
  if (!f.platforms || f.platforms.length === 0) throw invalid('platforms', 'Please select at least one platform');
  if (!f.deadline) throw invalid('deadline', 'Deadline is required');
  const id = await callRpc<string>(ctx.client(), 'create_campaign', {
    title: f.title ?? '',
    description: f.description ?? '',
    content_type: f.content_type ?? 'video',
    platforms: f.platforms,
    compensation_type: f.compensation_type ?? 'flat_fee',
    compensation_cents: f.compensation_cents ?? 0,
    deadline: f.deadline,
    requirements: f.requirements ?? null,
    status: f.status ?? 'active',
  });
  return { status: 201, body: toApi(await readCampaign(ctx, id)) };
}

/** PATCH /api/campaigns/{id}: the owner changes any of the fields; the others keep their values. */
export async function updateCampaign(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Campaign');
  const body = await ctx.body();
  const current = await readCampaign(ctx, id);
  if (!current.is_owner) throw new HttpError(403, 'You do not have permission to edit this campaign.', 'not_owner');
  if (body.brandId !== undefined && body.brandId !== current.brand_id) {
    throw new HttpError(403, "A campaign's owner cannot be changed", 'immutable_owner');
  }
  const f = campaignFields(body);
  if (f.platforms && f.platforms.length === 0) throw invalid('platforms', 'Please select at least one platform');
  if (f.deadline === null) throw invalid('deadline', 'Deadline is required');
  await callRpc(ctx.client(), 'update_campaign', {
    campaign_id: id,
    title: f.title ?? current.title,
    description: f.description ?? current.description,
    content_type: f.content_type ?? current.content_type,
    platforms: f.platforms ?? current.platforms,
    compensation_type: f.compensation_type ?? current.compensation_type,
    compensation_cents: f.compensation_cents ?? current.compensation_cents,
    deadline: f.deadline ?? current.deadline,
    requirements: f.requirements === undefined ? current.requirements : f.requirements,
    status: f.status ?? null,
  });
  return { status: 200, body: toApi(await readCampaign(ctx, id)) };
}
