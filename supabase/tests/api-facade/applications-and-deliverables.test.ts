import { describe, expect, test } from 'vitest';
import { ids } from '../../../testkit/db/personas.ts';
import { stack, brand, otherBrand, creator, otherCreator, DEAD, useFacadeStack } from '../../../testkit/db/facade-stack.ts';

// Spec section 7 over HTTP, applications and deliverables: the /api facade (edge function `api` under Deno)
// against the real stack and a seeded scratch database of this file's own. The allowed role succeeds, other
// roles are refused, bad payloads are 400 with "field: message", calls without a session are 401. Errors
// are plain text.

useFacadeStack();

describe('applications and deliverables', () => {
  let applicationId: string;
  let deliverableId: string;

  test('POST /api/applications: creators apply with a pitch', async () => {
    let res = await otherCreator.post('/api/applications', { campaignId: ids.campaign(1), pitch: 'Hago videos de skincare en Cusco.', status: 'pending' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ status: 'pending', campaign: { id: ids.campaign(1) } });
    applicationId = res.json.id;
    res = await otherCreator.post('/api/applications', { campaignId: ids.campaign(1), pitch: 'Otra vez' });
    expect([res.status, res.text]).toEqual([409, 'You have already applied to this campaign']);
    res = await brand.post('/api/applications', { campaignId: ids.campaign(1), pitch: 'Brand' });
    expect([res.status, res.text]).toEqual([403, 'Only creators can apply to campaigns']);
    res = await otherCreator.post('/api/applications', { campaignId: ids.campaign(2), pitch: '  ' });
    expect([res.status, res.text]).toEqual([400, "pitch: Please enter a pitch describing why you're a good fit for this campaign."]);
    res = await otherCreator.post('/api/applications', { campaignId: 'x', pitch: 'hola' });
    expect([res.status, res.text]).toEqual([400, 'campaignId: must be an id']);
    res = await otherCreator.post('/api/applications', { campaignId: DEAD, pitch: 'hola' });
    expect(res.status).toBe(404);
  });

  test('GET /api/applications/creator and /api/applications/campaign/{id}', async () => {
    const mine = await otherCreator.get('/api/applications/creator');
    expect(mine.json.map((a: { id: string }) => a.id)).toContain(applicationId);
    expect((await brand.get('/api/applications/creator')).status).toBe(403);
    const forCampaign = await brand.get(`/api/applications/campaign/${ids.campaign(1)}`);
    expect(forCampaign.status).toBe(200);
    expect(forCampaign.json.find((a: { id: string }) => a.id === applicationId).creator).toMatchObject({ id: ids.otherCreator });
    expect((await otherBrand.get(`/api/applications/campaign/${ids.campaign(1)}`)).status).toBe(403);
    expect((await creator.get(`/api/applications/campaign/${ids.campaign(1)}`)).status).toBe(403);
  });

  test('PATCH /api/applications/{id}: the campaign owner accepts or rejects', async () => {
    // Another brand cannot even see the application; its own creator cannot decide on it.
    expect((await otherBrand.patch(`/api/applications/${applicationId}`, { status: 'accepted' })).status).toBe(404);
    expect((await otherCreator.patch(`/api/applications/${applicationId}`, { status: 'accepted' })).status).toBe(403);
    expect((await brand.patch(`/api/applications/${applicationId}`, { status: 'maybe' })).text).toBe('status: Status must be accepted or rejected');
    const res = await brand.patch(`/api/applications/${applicationId}`, { status: 'accepted' });
    expect([res.status, res.json]).toEqual([200, { id: applicationId, status: 'accepted' }]);
    expect((await brand.patch(`/api/applications/${applicationId}`, { status: 'rejected' })).status).toBe(409);
    expect((await brand.patch(`/api/applications/${DEAD}`, { status: 'rejected' })).status).toBe(404);
  });

  test('POST /api/deliverables: the accepted creator submits a link once the hire is funded', async () => {
    // Campaign 1 is a flat fee: accepting opened a hire, and work starts when the brand has funded it.
    let res = await otherCreator.post('/api/deliverables', { applicationId, contentUrl: 'https://tiktok.com/@mateo/video/1' });
    expect([res.status, res.text]).toEqual([409, 'The brand has not funded this hire yet. You can submit content once it is funded.']);
    await stack.database.db.query(
      `insert into app.payments (escrow_id, amount_cents, status, stripe_payment_id, stripe_status, payment_method)
       select e.id, e.amount_cents, 'completed', 'pi_api_contract_funding', 'succeeded', 'card' from app.escrows e where e.application_id = $1`,
      [applicationId],
    );
    res = await otherCreator.post('/api/deliverables', { applicationId, contentUrl: 'https://tiktok.com/@mateo/video/1', status: 'pending' });
    expect(res.status, res.text).toBe(201);
    expect(res.json).toMatchObject({ applicationId, contentUrl: 'https://tiktok.com/@mateo/video/1', status: 'pending' });
    deliverableId = res.json.id;
    res = await otherCreator.post('/api/deliverables', { applicationId, contentUrl: ' ' });
    expect([res.status, res.text]).toEqual([400, 'contentUrl: Please enter a URL to your content.']);
    res = await creator.post('/api/deliverables', { applicationId, contentUrl: 'https://x.com/1' });
    expect([res.status, res.text]).toEqual([404, 'Could not find your application for this campaign.']);
    res = await brand.post('/api/deliverables', { applicationId, contentUrl: 'https://x.com/1' });
    expect(res.status).toBe(403);
    // A pending application cannot deliver yet.
    res = await creator.post('/api/deliverables', { applicationId: ids.application(2), contentUrl: 'https://x.com/2' });
    expect(res.status).toBe(409);
  });

  test('GET /api/deliverables/{applicationId}: its creator and brand', async () => {
    for (const s of [otherCreator, brand]) {
      const res = await s.get(`/api/deliverables/${applicationId}`);
      expect(res.json.map((d: { id: string }) => d.id)).toContain(deliverableId);
    }
    const stranger = await otherBrand.get(`/api/deliverables/${applicationId}`);
    expect(stranger.status).toBe(404);
  });

  test('PATCH /api/deliverables/{id}: the creator edits the link, the brand reviews', async () => {
    let res = await otherCreator.patch(`/api/deliverables/${deliverableId}`, { contentUrl: 'https://tiktok.com/@mateo/video/2' });
    expect([res.status, res.json?.contentUrl]).toEqual([200, 'https://tiktok.com/@mateo/video/2']);
    expect((await otherCreator.patch(`/api/deliverables/${deliverableId}`, { status: 'approved' })).status).toBe(403);
    expect((await otherBrand.patch(`/api/deliverables/${deliverableId}`, { status: 'approved' })).status).toBe(404);
    expect((await brand.patch(`/api/deliverables/${deliverableId}`, { contentUrl: 'https://evil.example' })).status).toBe(403);
    expect((await brand.patch(`/api/deliverables/${deliverableId}`, {})).status).toBe(400);
    expect((await brand.patch(`/api/deliverables/${deliverableId}`, { status: 'great' })).text).toBe('status: Status must be approved or rejected');
    res = await brand.patch(`/api/deliverables/${deliverableId}`, { status: 'approved', feedback: 'Nice' });
    expect([res.status, res.json]).toEqual([200, { id: deliverableId, status: 'approved' }]);
    // Approved content is final.
    expect((await otherCreator.delete(`/api/deliverables/${deliverableId}`)).status).toBe(409);
  });

  test('DELETE /api/deliverables/{id}: its creator only', async () => {
    const res = await creator.post('/api/deliverables', { applicationId: ids.application(1), contentUrl: 'https://instagram.com/reel/zz' });
    expect(res.status, res.text).toBe(201);
    expect((await brand.delete(`/api/deliverables/${res.json.id}`)).status).toBe(403);
    // Another creator cannot see it (404); the brand can see it but not delete it (403).
    expect((await otherCreator.delete(`/api/deliverables/${res.json.id}`)).status).toBe(404);
    expect((await creator.delete(`/api/deliverables/${res.json.id}`)).status).toBe(204);
    expect((await creator.delete(`/api/deliverables/${res.json.id}`)).status).toBe(404);
  });
});
