import { describe, expect, it } from 'vitest';
import { campaignFormSchema, campaignMessages, createDefaults, toCampaignInput, type StoredCampaignValues } from '../api/campaign-schema';
import { usageRightsMessages } from '../api/usage-rights-messages';
import { hasFilters, readBrowseParams, writeBrowseParams } from './browse-params';
import { allowedEditStatuses, campaignStatusTone } from './status';
import { websiteHref } from './website-href';

const now = new Date('2026-03-10T12:00:00Z');

describe('browse params', () => {
  it('reads known filters and drops unknown values', () => {
    expect(readBrowseParams(new URLSearchParams('q=café&type=reel&platform=youtube'))).toEqual({ keyword: 'café', contentType: 'reel', platform: 'youtube' });
    expect(readBrowseParams(new URLSearchParams('type=podcast&platform=myspace'))).toEqual({ keyword: '', contentType: '', platform: '' });
  });
  it('writes only the filters that are set', () => {
    expect(writeBrowseParams({ keyword: '  serum ', contentType: '', platform: 'tiktok' }).toString()).toBe('q=serum&platform=tiktok');
    expect(writeBrowseParams({ keyword: ' ', contentType: '', platform: '' }).toString()).toBe('');
    expect(hasFilters({ keyword: ' ', contentType: '', platform: '' })).toBe(false);
    expect(hasFilters({ keyword: '', contentType: 'video', platform: '' })).toBe(true);
  });
});

describe('status and website helpers', () => {
  it('shows an unknown status with the active look', () => {
    expect(campaignStatusTone('paused')).toBe('yellow');
    expect(campaignStatusTone('archived')).toBe('green');
    expect(campaignStatusTone('constructor')).toBe('green');
  });
  it('offers only the statuses the database allows from the current one', () => {
    expect(allowedEditStatuses('draft')).toEqual(['draft', 'active', 'paused', 'completed']);
    expect(allowedEditStatuses('active')).toEqual(['active', 'paused', 'completed']);
    expect(allowedEditStatuses('completed')).toEqual(['completed']);
  });
  it('adds https:// to a website without a scheme', () => {
    expect(websiteHref('glowlab.example.com')).toBe('https://glowlab.example.com');
    expect(websiteHref('http://old.example.com')).toBe('http://old.example.com');
    expect(websiteHref('HTTPS://x.example')).toBe('HTTPS://x.example');
  });
});

describe('campaign form schema', () => {
  const valid = { ...createDefaults(now), title: 'T', description: 'D', platforms: ['tiktok'], compensation: '250', deadline: '2026-03-20' };
  // An active campaign as stored: edits of it check only the rules of the fields they change.
  const storedActive: StoredCampaignValues = { status: 'active', compensationType: 'flat_fee', compensation: '250', deadline: '2026-03-20' };
  const messages = (mode: 'create' | 'edit', values: object) => {
    const r = campaignFormSchema(mode, now, undefined, undefined, mode === 'edit' ? storedActive : undefined).safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('has the spec defaults, with no amount and no deadline filled in (issue 30, item 8)', () => {
    expect(createDefaults(now)).toMatchObject({ contentType: 'video', compensationType: 'flat_fee', compensation: '', status: 'active', deadline: '' });
  });
  it('gives the spec messages for platforms and deadline', () => {
    expect(messages('create', { ...valid, platforms: [] })).toEqual([campaignMessages.platforms]);
    expect(messages('create', { ...valid, deadline: '' })).toEqual([campaignMessages.deadline]);
    expect(messages('create', { ...valid, title: ' ', description: '' })).toEqual([campaignMessages.title, campaignMessages.description]);
  });
  it('refuses past deadlines and paused status only on create', () => {
    expect(messages('create', { ...valid, deadline: '2020-01-01' })).toEqual([campaignMessages.deadlinePast]);
    expect(messages('edit', { ...valid, deadline: '2020-01-01', status: 'completed' })).toEqual([]);
    expect(messages('create', { ...valid, status: 'paused' })).toEqual([campaignMessages.status]);
    expect(messages('edit', { ...valid, status: 'paused' })).toEqual([]);
  });
  it('refuses titles and descriptions of invisible characters only', () => {
    expect(messages('create', { ...valid, title: '\u200B\u200C', description: ' \u2060\uFEFF' })).toEqual([campaignMessages.title, campaignMessages.description]);
  });
  it('refuses deadlines more than two years ahead and malformed ones', () => {
    expect(messages('create', { ...valid, deadline: '9999-12-31' })).toEqual([campaignMessages.deadlineTooFar]);
    expect(messages('create', { ...valid, deadline: '2028-03-20' })).toEqual([campaignMessages.deadlineTooFar]);
    expect(messages('create', { ...valid, deadline: '2028-03-01' })).toEqual([]);
    expect(messages('create', { ...valid, deadline: 'infinity' })).toEqual([campaignMessages.deadlineInvalid]);
    expect(messages('edit', { ...valid, deadline: '9999-12-31' })).toEqual([campaignMessages.deadlineTooFar]);
  });
  it('on edit, refuses moving the deadline earlier into the past but keeps or postpones a past one', () => {
    const edit = (deadline: string) => {
      const r = campaignFormSchema('edit', now, '2026-01-15').safeParse({ ...valid, deadline, status: 'completed' });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(edit('2026-01-15')).toEqual([]);
    expect(edit('2026-01-20')).toEqual([]);
    expect(edit('2026-01-10')).toEqual([campaignMessages.deadlinePast]);
    expect(edit('2026-04-01')).toEqual([]);
  });
  it('includes 2 revision rounds by default and takes 0 to 10', () => {
    expect(createDefaults(now).revisionRounds).toBe('2');
    expect(messages('create', { ...valid, revisionRounds: '0' })).toEqual([]);
    expect(messages('edit', { ...valid, revisionRounds: '10' })).toEqual([]);
    for (const bad of ['11', '-1', '1.5', '', 'two']) expect(messages('create', { ...valid, revisionRounds: bad }), bad).toEqual([campaignMessages.revisionRounds]);
  });
  it('turns the form into the api input (cents, end of the chosen day, null requirements, revision rounds)', () => {
    const input = toCampaignInput({ ...valid, compensation: '249.99', deadline: '2026-04-01', requirements: '  ', revisionRounds: '3' });
    expect(input).toMatchObject({ compensation_cents: 24999, requirements: null, platforms: ['tiktok'], status: 'active', revision_rounds: 3 });
    expect(new Date(input.deadline).getTime()).toBe(new Date('2026-04-01T23:59:59').getTime());
  });
  it('starts organic, worldwide, 365 days, and says a licence error on its field (decision 0056)', () => {
    expect(createDefaults(now).usage).toMatchObject({ kind: 'organic', territory: '', termDays: '365' });
    const r = campaignFormSchema('create', now).safeParse({ ...valid, usage: { ...valid.usage, termDays: '0' } });
    expect(r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['usage.termDays', usageRightsMessages.termNotPositive]]);
    const paid = { ...valid.usage, kind: 'paid', platforms: ['instagram'], price: '300', territory: 'us' };
    expect(toCampaignInput({ ...valid, usage: paid }).usage_rights).toMatchObject({ usage_kind: 'paid', usage_price_cents: 30000, usage_territory: ['US'], usage_term_days: 365 });
  });
});

// Issue 30, item 8: the database's publish rules (20250120000200), mirrored so the form says them first.
describe('campaign form schema: publishing', () => {
  const today = '2026-03-10';
  const tomorrow = '2026-03-11';
  const base = { ...createDefaults(now), title: 'Launch', description: 'D', platforms: ['tiktok'], compensation: '250', deadline: '2026-03-20' };
  const rules = { minimumFlatFeeCents: 117, minimumNetCents: 100 };
  const issues = (values: object, mode: 'create' | 'edit' = 'create', stored?: StoredCampaignValues) => {
    const r = campaignFormSchema(mode, now, mode === 'edit' ? stored?.deadline : undefined, rules, stored).safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => [i.path.join('.'), i.message]);
  };
  it('the create form\'s defaults cannot be published as they are', () => {
    const defaults = { ...createDefaults(now), title: 'Launch', description: 'D', platforms: ['tiktok'] };
    expect(issues(defaults)).toEqual([
      ['compensation', campaignMessages.compensation],
      ['deadline', campaignMessages.deadline],
    ]);
  });
  it('refuses $0 and anything below the flat-fee minimum, on the compensation field', () => {
    for (const amount of ['0', '1', '1.16']) {
      expect(issues({ ...base, compensation: amount }), amount).toEqual([['compensation', campaignMessages.compensationMinimum]]);
    }
    expect(issues({ ...base, compensation: '1.17' })).toEqual([]);
    // The minimum follows the fee api.campaign_rules reports.
    const at50 = campaignFormSchema('create', now, undefined, { minimumFlatFeeCents: 199, minimumNetCents: 100 });
    expect(at50.safeParse({ ...base, compensation: '1.98' }).success).toBe(false);
    expect(at50.safeParse({ ...base, compensation: '1.99' }).success).toBe(true);
  });
  it('refuses a deadline of today, and of the past, on the deadline field; tomorrow is fine', () => {
    expect(issues({ ...base, deadline: today })).toEqual([['deadline', campaignMessages.deadlineTooSoon]]);
    expect(issues({ ...base, deadline: '2026-03-01' })).toEqual([['deadline', campaignMessages.deadlinePast]]);
    expect(issues({ ...base, deadline: tomorrow })).toEqual([]);
  });
  it('product exchange and performance may be $0; drafts may hold $0 and today', () => {
    expect(issues({ ...base, compensationType: 'product', compensation: '0' })).toEqual([]);
    expect(issues({ ...base, compensationType: 'performance', compensation: '0' })).toEqual([]);
    expect(issues({ ...base, status: 'draft', compensation: '0', deadline: today })).toEqual([]);
  });
  it('publishing a draft or resuming a paused campaign checks both; an active one only what the edit changes', () => {
    const stored = (status: string): StoredCampaignValues => ({ status, compensationType: 'flat_fee', compensation: '0', deadline: '2026-03-05' });
    const overdueZero = { ...base, compensation: '0', deadline: '2026-03-05' };
    for (const status of ['draft', 'paused']) {
      expect(issues(overdueZero, 'edit', stored(status)), status).toEqual([
        ['compensation', campaignMessages.compensationMinimum],
        ['deadline', campaignMessages.deadlineTooSoon],
      ]);
    }
    // An active campaign from before the rules: a new title is saved as it is.
    expect(issues({ ...overdueZero, title: 'Renamed' }, 'edit', stored('active'))).toEqual([]);
    expect(issues({ ...overdueZero, compensation: '1' }, 'edit', stored('active'))).toEqual([['compensation', campaignMessages.compensationMinimum]]);
    expect(issues({ ...overdueZero, deadline: today }, 'edit', stored('active'))).toEqual([['deadline', campaignMessages.deadlineTooSoon]]);
  });
});
