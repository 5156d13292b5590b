import { describe, expect, it } from 'vitest';
import { campaignFormSchema, campaignMessages, createDefaults, toCampaignInput } from '../api/campaign-schema';
import { hasFilters, readBrowseParams, writeBrowseParams } from './browse-params';
import { centsToDollarsInput, dollarsToCents } from './money-input';
import { allowedEditStatuses, campaignStatusTone } from './status';
import { websiteHref } from './website-href';

const now = new Date('2026-03-10T12:00:00Z');

describe('dollars and cents', () => {
  it('parses dollars with up to two decimals exactly', () => {
    expect(dollarsToCents('0')).toBe(0);
    expect(dollarsToCents('249.99')).toBe(24999);
    expect(dollarsToCents('0.29')).toBe(29);
    expect(dollarsToCents('12.5')).toBe(1250);
    expect(dollarsToCents(' 500. ')).toBe(50000);
  });
  it('refuses anything else', () => {
    for (const bad of ['', '-1', '1.234', 'abc', '1,000', '1e3']) expect(dollarsToCents(bad)).toBeNull();
  });
  it('writes cents back for the edit form', () => {
    expect(centsToDollarsInput(50000)).toBe('500');
    expect(centsToDollarsInput(24999)).toBe('249.99');
    expect(centsToDollarsInput(1205)).toBe('12.05');
  });
});

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
  const valid = { ...createDefaults(now), title: 'T', description: 'D', platforms: ['tiktok'] };
  const messages = (mode: 'create' | 'edit', values: object) => {
    const r = campaignFormSchema(mode, now).safeParse(values);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it('has the spec defaults', () => {
    expect(createDefaults(now)).toMatchObject({ contentType: 'video', compensationType: 'flat_fee', compensation: '0', status: 'active', deadline: expect.stringMatching(/^2026-03-1[01]$/) });
  });
  it('gives the spec messages for platforms and deadline', () => {
    expect(messages('create', { ...valid, platforms: [] })).toEqual([campaignMessages.platforms]);
    expect(messages('create', { ...valid, deadline: '' })).toEqual([campaignMessages.deadline]);
    expect(messages('create', { ...valid, title: ' ', description: '' })).toEqual([campaignMessages.title, campaignMessages.description]);
  });
  it('refuses past deadlines and paused status only on create', () => {
    expect(messages('create', { ...valid, deadline: '2020-01-01' })).toEqual([campaignMessages.deadlinePast]);
    expect(messages('edit', { ...valid, deadline: '2020-01-01' })).toEqual([]);
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
      const r = campaignFormSchema('edit', now, '2026-01-15').safeParse({ ...valid, deadline });
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
});
