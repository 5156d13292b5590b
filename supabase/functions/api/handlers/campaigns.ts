import { API_CAMPAIGN_ORDER, apiCampaignCreateSchema, apiCampaignUpdateSchema } from '../../_shared/contract/api-bodies.ts';
import { HttpError } from '../../_shared/http-error.ts';
import { parseInput } from '../../_shared/parse-input.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { firstOr404, idParam } from '../input.ts';
import { toApi } from '../serialize.ts';

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

/** POST /api/campaigns: a brand creates a campaign; brandId, when sent, must be the brand itself. */
export async function createCampaign(ctx: RequestContext): Promise<ApiResult> {
  const body = await ctx.body();
  const me = await ctx.requireRole(['brand'], 'Only brands can create campaigns');
  if (body.brandId !== undefined && body.brandId !== me.id) {
    throw new HttpError(403, 'You can only create campaigns for your own brand', 'not_owner');
  }
  // The schema made sure of platforms and a deadline.
  const f = parseInput(apiCampaignCreateSchema, body, API_CAMPAIGN_ORDER);
  const id = await callRpc<string>(ctx.client(), 'create_campaign', {
    title: f.title ?? '',
    description: f.description ?? '',
    content_type: f.contentType ?? 'video',
    platforms: f.platforms ?? [],
    compensation_type: f.compensationType ?? 'flat_fee',
    compensation_cents: f.compensation ?? 0,
    deadline: f.deadline ?? '',
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
  const f = parseInput(apiCampaignUpdateSchema, body, API_CAMPAIGN_ORDER);
  await callRpc(ctx.client(), 'update_campaign', {
    campaign_id: id,
    title: f.title ?? current.title,
    description: f.description ?? current.description,
    content_type: f.contentType ?? current.content_type,
    platforms: f.platforms ?? current.platforms,
    compensation_type: f.compensationType ?? current.compensation_type,
    compensation_cents: f.compensation ?? current.compensation_cents,
    deadline: f.deadline ?? current.deadline,
    requirements: f.requirements === undefined ? current.requirements : f.requirements,
    status: f.status ?? null,
  });
  return { status: 200, body: toApi(await readCampaign(ctx, id)) };
}
