// Deno tests: the /api facade's bodies as the contract's schemas read them (contract/api-bodies.ts). The
// facade answers a refusal as plain text `field: message`, so each case names the field and the message.
import { assertEquals, assertThrows } from '../../../testkit/deno/assert.ts';
import {
  API_APPLY_ORDER,
  API_BRAND_PROFILE_ORDER,
  API_CAMPAIGN_ORDER,
  API_CREATOR_PROFILE_ORDER,
  API_DELIVERABLE_ORDER,
  API_DELIVERABLE_UPDATE_ORDER,
  API_MESSAGE_ORDER,
  API_OWN_ACCOUNT_ORDER,
  apiApplicationDecisionSchema,
  apiApplySchema,
  apiBrandProfileSchema,
  apiCampaignCreateSchema,
  apiCampaignUpdateSchema,
  apiCreatorProfileSchema,
  apiDeliverableSchema,
  apiDeliverableUpdateSchema,
  apiMessageSchema,
  apiOwnAccountSchema,
} from '../_shared/contract/api-bodies.ts';
import { HttpError } from '../_shared/http-error.ts';
import { parseInput } from '../_shared/parse-input.ts';

const id = '00000000-0000-0000-0003-000000000002';
type Schema = Parameters<typeof parseInput>[0];

function refusal(schema: Schema, body: unknown, order: readonly string[] = []): string {
  const e = assertThrows(() => parseInput(schema, body, order));
  if (!(e instanceof HttpError) || e.status !== 400) throw new Error(`expected a 400, got ${e}`);
  return `${e.field}: ${e.message}`;
}

Deno.test('POST /api/applications: an id, the apply form\'s pitch rule, and no status but pending', () => {
  assertEquals(parseInput(apiApplySchema, { campaignId: id, pitch: 'Hola', status: 'pending' }, API_APPLY_ORDER), { campaignId: id, pitch: 'Hola', status: 'pending' });
  assertEquals(refusal(apiApplySchema, { campaignId: 'x', pitch: 'hola' }, API_APPLY_ORDER), 'campaignId: must be an id');
  assertEquals(refusal(apiApplySchema, { campaignId: id, pitch: '  ' }, API_APPLY_ORDER), "pitch: Please enter a pitch describing why you're a good fit for this campaign.");
  assertEquals(refusal(apiApplySchema, { campaignId: id }, API_APPLY_ORDER), "pitch: Please enter a pitch describing why you're a good fit for this campaign.");
  // Under-validated before: zero-width characters and an over-long pitch reached the database.
  assertEquals(refusal(apiApplySchema, { campaignId: id, pitch: '\u200b\u200b' }, API_APPLY_ORDER), "pitch: Please enter a pitch describing why you're a good fit for this campaign.");
  assertEquals(refusal(apiApplySchema, { campaignId: id, pitch: 'x'.repeat(5001) }, API_APPLY_ORDER), 'pitch: Your pitch must be 5000 characters or fewer');
  assertEquals(refusal(apiApplySchema, { campaignId: id, pitch: 5 }, API_APPLY_ORDER), 'pitch: must be text');
  assertEquals(refusal(apiApplySchema, { campaignId: id, pitch: 'hola', status: 'accepted' }, API_APPLY_ORDER), 'status: A new application is pending');
  assertEquals(refusal(apiApplySchema, { campaignId: 'x', pitch: '', status: 'accepted' }, API_APPLY_ORDER), 'campaignId: must be an id');
});

Deno.test('PATCH /api/applications/{id}: accepted or rejected', () => {
  assertEquals(parseInput(apiApplicationDecisionSchema, { status: 'rejected' }), { status: 'rejected' });
  assertEquals(refusal(apiApplicationDecisionSchema, { status: 'maybe' }), 'status: Status must be accepted or rejected');
  assertEquals(refusal(apiApplicationDecisionSchema, {}), 'status: Status must be accepted or rejected');
  assertEquals(refusal(apiApplicationDecisionSchema, { status: 1 }), 'status: must be text');
});

Deno.test('POST /api/deliverables: an id and the submit form\'s link rule', () => {
  const url = 'https://tiktok.com/@mateo/video/1';
  assertEquals(parseInput(apiDeliverableSchema, { applicationId: id, contentUrl: url }, API_DELIVERABLE_ORDER), { applicationId: id, contentUrl: url });
  assertEquals(refusal(apiDeliverableSchema, { applicationId: id, contentUrl: ' ' }, API_DELIVERABLE_ORDER), 'contentUrl: Please enter a URL to your content.');
  assertEquals(refusal(apiDeliverableSchema, { applicationId: id, contentUrl: 'ftp://x' }, API_DELIVERABLE_ORDER), 'contentUrl: Please enter a valid link starting with http:// or https://');
  assertEquals(refusal(apiDeliverableSchema, { applicationId: id, contentUrl: url, status: 'approved' }, API_DELIVERABLE_ORDER), 'status: New content is pending');
  assertEquals(refusal(apiDeliverableSchema, { applicationId: null, contentUrl: url }, API_DELIVERABLE_ORDER), 'applicationId: must be an id');
});

Deno.test('PATCH /api/deliverables/{id}: a review or a new link, never both', () => {
  const parse = (body: unknown) => parseInput(apiDeliverableUpdateSchema, body, API_DELIVERABLE_UPDATE_ORDER);
  assertEquals(parse({ status: 'approved' }), { review: 'approved', feedback: null });
  assertEquals(parse({ status: 'rejected', feedback: 'Too dark' }), { review: 'rejected', feedback: 'Too dark' });
  assertEquals(parse({ contentUrl: 'https://x.com/2', status: null }), { contentUrl: 'https://x.com/2' });
  const refused = (body: unknown) => refusal(apiDeliverableUpdateSchema, body, API_DELIVERABLE_UPDATE_ORDER);
  assertEquals(refused({ status: 'great' }), 'status: Status must be approved or rejected');
  assertEquals(refused({ status: 'great', contentUrl: 'https://x.com/2' }), 'status: Send either status or contentUrl');
  assertEquals(refused({}), 'contentUrl: Please enter a URL to your content.');
  assertEquals(refused({ contentUrl: 'x.com' }), 'contentUrl: Please enter a valid link starting with http:// or https://');
  assertEquals(refused({ status: 3 }), 'status: must be text');
});

Deno.test('POST /api/messages: an id, the composer\'s content rule, an optional idempotency id', () => {
  assertEquals(parseInput(apiMessageSchema, { receiverId: id, content: 'Hola' }, API_MESSAGE_ORDER), { receiverId: id, content: 'Hola' });
  assertEquals(refusal(apiMessageSchema, { receiverId: id, content: ' \u200b ' }, API_MESSAGE_ORDER), 'content: Message cannot be empty');
  assertEquals(refusal(apiMessageSchema, { receiverId: id, content: 'x'.repeat(4001) }, API_MESSAGE_ORDER), 'content: Message is too long (4000 characters at most)');
  assertEquals(refusal(apiMessageSchema, { receiverId: id, content: 'Hola', clientId: null }, API_MESSAGE_ORDER), 'clientId: must be an id');
});

Deno.test('POST and PATCH /api/campaigns: dollars, platforms text, a date; a create needs platforms and a deadline', () => {
  const create = (body: unknown) => parseInput(apiCampaignCreateSchema, body, API_CAMPAIGN_ORDER);
  assertEquals(create({ title: 'T', compensation: '1,250.50', platforms: 'tiktok, instagram', deadline: '2030-01-01', requirements: null }), {
    title: 'T',
    compensation: 125050,
    platforms: ['tiktok', 'instagram'],
    deadline: '2030-01-01',
    requirements: null,
  });
  assertEquals(create({ compensation: 150, platforms: ['youtube'], deadline: '2030-01-01' }).compensation, 15000);
  const refusedCreate = (body: unknown) => refusal(apiCampaignCreateSchema, body, API_CAMPAIGN_ORDER);
  assertEquals(refusedCreate({ compensation: 'lots', platforms: 'tiktok', deadline: '2030-01-01' }), 'compensation: Compensation must be a number');
  assertEquals(refusedCreate({ compensation: true, platforms: 'tiktok', deadline: '2030-01-01' }), 'compensation: Compensation must be a number');
  assertEquals(refusedCreate({ platforms: 'tiktok', deadline: 'soon' }), 'deadline: Deadline must be a date');
  assertEquals(refusedCreate({ deadline: '2030-01-01' }), 'platforms: Please select at least one platform');
  assertEquals(refusedCreate({ platforms: [], deadline: 'soon' }), 'deadline: Deadline must be a date');
  assertEquals(refusedCreate({ platforms: 'tiktok', deadline: ' ' }), 'deadline: Deadline is required');
  assertEquals(refusedCreate({ platforms: 'tiktok' }), 'deadline: Deadline is required');
  assertEquals(refusedCreate({ platforms: 'tiktok', deadline: '2030-01-01', title: 7 }), 'title: must be text');
  const update = (body: unknown) => parseInput(apiCampaignUpdateSchema, body, API_CAMPAIGN_ORDER);
  assertEquals(update({ title: 'New' }), { title: 'New' });
  assertEquals(update({ deadline: null, compensation: '' }), { deadline: null });
  assertEquals(refusal(apiCampaignUpdateSchema, { platforms: '' }, API_CAMPAIGN_ORDER), 'platforms: Please select at least one platform');
  assertEquals(refusal(apiCampaignUpdateSchema, { deadline: '' }, API_CAMPAIGN_ORDER), 'deadline: Deadline is required');
});

Deno.test('POST /api/profile/brand and /api/profile/creator', () => {
  assertEquals(parseInput(apiBrandProfileSchema, { companyName: 'Glow', website: null }, API_BRAND_PROFILE_ORDER), { companyName: 'Glow', website: null });
  assertEquals(refusal(apiBrandProfileSchema, { companyName: ' ' }, API_BRAND_PROFILE_ORDER), 'companyName: Company name is required');
  assertEquals(refusal(apiBrandProfileSchema, { companyName: 'Glow', industry: 3 }, API_BRAND_PROFILE_ORDER), 'industry: must be text');
  assertEquals(parseInput(apiCreatorProfileSchema, { ratePerPost: '99.5', niche: 'beauty' }, API_CREATOR_PROFILE_ORDER), { ratePerPost: 9950, niche: 'beauty' });
  assertEquals(parseInput(apiCreatorProfileSchema, { ratePerPost: null }, API_CREATOR_PROFILE_ORDER), { ratePerPost: undefined });
  assertEquals(refusal(apiCreatorProfileSchema, { ratePerPost: '-5', niche: 4 }, API_CREATOR_PROFILE_ORDER), 'ratePerPost: Rate per post must be a number');
});

Deno.test('PATCH /api/user/{id}: the merged account by the Edit User messages, in the form\'s order', () => {
  const ok = { fullName: 'Ana', username: 'ana_p', email: 'ana@example.com' };
  assertEquals(parseInput(apiOwnAccountSchema, ok, API_OWN_ACCOUNT_ORDER), ok);
  assertEquals(refusal(apiOwnAccountSchema, { fullName: 'A', username: 'a', email: 'x' }, API_OWN_ACCOUNT_ORDER), 'fullName: Full name must be at least 2 characters');
  assertEquals(refusal(apiOwnAccountSchema, { ...ok, email: 'ana@example' }, API_OWN_ACCOUNT_ORDER), 'email: Please enter a valid email');
});
