import {
  API_BRAND_PROFILE_ORDER,
  API_CREATOR_PROFILE_ORDER,
  apiBrandProfileSchema,
  apiCreatorProfileSchema,
} from '../../_shared/contract/api-bodies.ts';
import { invalid } from '../../_shared/http-error.ts';
import { parseInput } from '../../_shared/parse-input.ts';
import { callRpc } from '../../_shared/rpc.ts';
import type { ApiResult, RequestContext } from '../context.ts';
import { firstOr404, idParam } from '../input.ts';
import { toApi } from '../serialize.ts';

/** GET /api/profile/brand/{id} */
export async function getBrandProfile(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Brand profile');
  const rows = await callRpc<unknown[]>(ctx.client(), 'brand_profile', { brand_id: id });
  return { status: 200, body: toApi(firstOr404(rows, 'Brand profile')) };
}

/** GET /api/profile/creator/{id} */
export async function getCreatorProfile(ctx: RequestContext): Promise<ApiResult> {
  const id = idParam(ctx, 'id', 'Creator profile');
  const rows = await callRpc<unknown[]>(ctx.client(), 'creator_profile', { creator_id: id });
  return { status: 200, body: toApi(firstOr404(rows, 'Creator profile')) };
}

/** POST /api/profile/brand {companyName, website, industry, contactEmail, contactPhone}: the brand's details. */
export async function saveBrandProfile(ctx: RequestContext): Promise<ApiResult> {
  const body = await ctx.body();
  const me = await ctx.requireRole(['brand'], 'Only brands have a brand profile');
  const f = parseInput(apiBrandProfileSchema, body, API_BRAND_PROFILE_ORDER);
  await callRpc(ctx.client(), 'update_brand_profile', {
    company_name: f.companyName,
    website: f.website ?? null,
    industry: f.industry ?? null,
    contact_email: f.contactEmail ?? null,
    contact_phone: f.contactPhone ?? null,
  });
  const rows = await callRpc<unknown[]>(ctx.client(), 'brand_profile', { brand_id: me.id });
  return { status: 200, body: toApi(firstOr404(rows, 'Brand profile')) };
}

/** POST /api/profile/creator {niche, instagramHandle, tiktokHandle, youtubeHandle, location, ratePerPost}. */
export async function saveCreatorProfile(ctx: RequestContext): Promise<ApiResult> {
  const body = await ctx.body();
  const me = await ctx.requireRole(['creator'], 'Only creators have a creator profile');
  const f = parseInput(apiCreatorProfileSchema, body, API_CREATOR_PROFILE_ORDER);
  await callRpc(ctx.client(), 'update_creator_profile', {
    niche: f.niche ?? null,
    location: f.location ?? null,
    instagram_handle: f.instagramHandle ?? null,
    tiktok_handle: f.tiktokHandle ?? null,
    youtube_handle: f.youtubeHandle ?? null,
    rate_per_post_cents: f.ratePerPost ?? null,
  });
  const rows = await callRpc<unknown[]>(ctx.client(), 'creator_profile', { creator_id: me.id });
  return { status: 200, body: toApi(firstOr404(rows, 'Creator profile')) };
}

/** GET /api/creators[?niche=&search=&platform=&minFollowers=]: brands discover creators (100 at most). */
export async function discoverCreators(ctx: RequestContext): Promise<ApiResult> {
  await ctx.requireRole(['brand'], 'Only brands can discover creators');
  const q = ctx.url.searchParams;
  const min = q.get('minFollowers');
  if (min !== null && !/^\d+$/.test(min)) throw invalid('minFollowers', 'must be a whole number');
  const rows = await callRpc<unknown[]>(ctx.client(), 'discover_creators', {
    niche: q.get('niche') || null,
    search: q.get('search') || null,
    platform: q.get('platform') || null,
    min_followers: min === null ? null : Number(min),
    page_size: 100,
  });
  return { status: 200, body: toApi(rows) };
}
