import { describe, expect, test } from 'vitest';
import { ids } from '../../../testkit/db/personas.ts';
import { admin, brand, otherBrand, creator, otherCreator, DEAD, useFacadeStack } from '../../../testkit/db/facade-stack.ts';

// Spec section 7 over HTTP, campaigns, profiles and creators: the /api facade (edge function `api` under
// Deno) against the real stack and a seeded scratch database of this file's own. The allowed role succeeds,
// other roles are refused, bad payloads are 400 with "field: message", calls without a session are 401.
// Errors are plain text.

useFacadeStack();

describe('campaigns', () => {
  const form = {
    title: 'API launch', description: 'Made through the REST facade', contentType: 'video', platforms: 'instagram,tiktok',
    compensationType: 'flat_fee', compensation: 125.5, deadline: new Date(Date.now() + 7 * 86400_000).toISOString(),
    requirements: 'One reel', status: 'active',
  };
  let created: string;

  test('GET /api/campaigns lists active campaigns in camelCase with dollars', async () => {
    const res = await creator.get('/api/campaigns');
    expect(res.status).toBe(200);
    expect(res.json.length).toBeGreaterThan(0);
    const c = res.json.find((x: { id: string }) => x.id === ids.campaign(1));
    expect(c).toMatchObject({ brandId: ids.brand, compensation: 500, compensationCents: 50000, status: 'active', hasApplied: true });
    expect(c.platforms.split(',').sort()).toEqual(['instagram', 'tiktok']);
    const filtered = await creator.get('/api/campaigns?platform=youtube');
    expect(filtered.json.every((x: { platforms: string }) => x.platforms.includes('youtube'))).toBe(true);
  });

  test('POST /api/campaigns: brands only, brandId must be the brand, form rules', async () => {
    let res = await brand.post('/api/campaigns', { ...form, brandId: ids.brand });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ title: 'API launch', brandId: ids.brand, compensation: 125.5, compensationCents: 12550, platforms: 'instagram,tiktok', isOwner: true });
    created = res.json.id;
    res = await creator.post('/api/campaigns', form);
    expect([res.status, res.text]).toEqual([403, 'Only brands can create campaigns']);
    res = await admin.post('/api/campaigns', form);
    expect(res.status).toBe(403);
    res = await brand.post('/api/campaigns', { ...form, brandId: ids.otherBrand });
    expect([res.status, res.text]).toEqual([403, 'You can only create campaigns for your own brand']);
    res = await brand.post('/api/campaigns', { ...form, platforms: '' });
    expect([res.status, res.text]).toEqual([400, 'platforms: Please select at least one platform']);
    res = await brand.post('/api/campaigns', { ...form, deadline: undefined });
    expect([res.status, res.text]).toEqual([400, 'deadline: Deadline is required']);
    res = await brand.post('/api/campaigns', { ...form, compensation: 'lots' });
    expect([res.status, res.text]).toEqual([400, 'compensation: Compensation must be a number']);
    res = await brand.post('/api/campaigns', { ...form, title: ' ' });
    expect([res.status, res.text]).toEqual([400, 'Title is required']);
  });

  test('GET /api/campaigns/{id} and /api/campaigns/brand', async () => {
    expect((await creator.get(`/api/campaigns/${created}`)).json).toMatchObject({ id: created, isOwner: false });
    expect((await creator.get(`/api/campaigns/${DEAD}`)).status).toBe(404);
    const mine = await brand.get('/api/campaigns/brand');
    expect(mine.status).toBe(200);
    expect(mine.json.map((c: { id: string }) => c.id)).toContain(created);
    expect(mine.json.map((c: { id: string }) => c.id)).not.toContain(ids.campaign(6));
    expect((await creator.get('/api/campaigns/brand')).status).toBe(403);
  });

  test('PATCH /api/campaigns/{id}: the owner only; other fields keep their values', async () => {
    // While active, others can see it but not edit it.
    let res = await otherBrand.patch(`/api/campaigns/${created}`, { title: 'Mine now' });
    expect([res.status, res.text]).toEqual([403, 'You do not have permission to edit this campaign.']);
    res = await creator.patch(`/api/campaigns/${created}`, { title: 'Mine now' });
    expect(res.status).toBe(403);
    res = await brand.patch(`/api/campaigns/${created}`, { title: 'API launch v2', compensation: '99.99', status: 'paused' });
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ title: 'API launch v2', compensationCents: 9999, status: 'paused', description: form.description, platforms: 'instagram,tiktok' });
    // Paused: no longer visible to other brands at all.
    expect((await otherBrand.patch(`/api/campaigns/${created}`, { title: 'Mine now' })).status).toBe(404);
    res = await brand.patch(`/api/campaigns/${DEAD}`, { title: 'x' });
    expect(res.status).toBe(404);
    res = await brand.patch(`/api/campaigns/${created}`, { status: 'completed' });
    expect(res.status).toBe(200);
    res = await brand.patch(`/api/campaigns/${created}`, { status: 'active' });
    expect(res.status).toBe(409);
  });
});

describe('profiles and creators', () => {
  test('GET /api/profile/brand/{id} and /api/profile/creator/{id}', async () => {
    const b = await creator.get(`/api/profile/brand/${ids.brand}`);
    expect(b.json).toMatchObject({ id: ids.brand, companyName: 'GlowLab Skincare' });
    const c = await brand.get(`/api/profile/creator/${ids.creator}`);
    expect(c.json).toMatchObject({ id: ids.creator });
    expect(c.json).toHaveProperty('ratePerPost');
    expect((await brand.get(`/api/profile/brand/${ids.creator}`)).status).toBe(404);
    expect((await brand.get(`/api/profile/creator/${ids.brand}`)).status).toBe(404);
  });

  test('POST /api/profile/brand: brands only', async () => {
    const body = { companyName: 'TrailPeak Outdoors', website: 'trailpeak.example', industry: 'Outdoor', contactEmail: 'hi@trailpeak.example', contactPhone: '555' };
    const res = await otherBrand.post('/api/profile/brand', body);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ companyName: 'TrailPeak Outdoors', industry: 'Outdoor' });
    expect((await creator.post('/api/profile/brand', body)).status).toBe(403);
    expect((await otherBrand.post('/api/profile/brand', { ...body, companyName: '' })).text).toBe('companyName: Company name is required');
    expect((await otherBrand.post('/api/profile/brand', { ...body, contactEmail: 'nope' })).status).toBe(400);
  });

  test('POST /api/profile/creator: creators only, ratePerPost in dollars', async () => {
    const body = { niche: 'Travel', instagramHandle: 'mateo.ig', tiktokHandle: null, youtubeHandle: null, location: 'Cusco', ratePerPost: 150 };
    const res = await otherCreator.post('/api/profile/creator', body);
    expect(res.status, res.text).toBe(200);
    expect(res.json).toMatchObject({ niche: 'Travel', location: 'Cusco', ratePerPost: 150, ratePerPostCents: 15000 });
    expect((await brand.post('/api/profile/creator', body)).status).toBe(403);
    expect((await otherCreator.post('/api/profile/creator', { ...body, niche: 'Cooking' })).text).toBe('Please select a valid niche');
    expect((await otherCreator.post('/api/profile/creator', { ...body, ratePerPost: 'x' })).text).toBe('ratePerPost: Rate per post must be a number');
    expect((await otherCreator.post('/api/profile/creator', { ...body, ratePerPost: -10 })).status).toBe(400);
  });

  test('GET /api/creators: brands only, optional niche', async () => {
    const all = await brand.get('/api/creators');
    expect(all.status).toBe(200);
    expect(all.json.length).toBeGreaterThan(3);
    const travel = await brand.get('/api/creators?niche=Travel');
    expect(travel.json.length).toBeGreaterThan(0);
    expect(travel.json.every((c: { niche: string }) => c.niche === 'Travel')).toBe(true);
    for (const s of [creator, admin]) expect((await s.get('/api/creators')).status).toBe(403);
    expect((await brand.get('/api/creators?minFollowers=lots')).status).toBe(400);
  });
});
