import { describe, expect, test } from 'vitest';
import { isFreshlyVerified, reachFigure, socialAccounts, VERIFIED_MARK_DAYS } from './reach';

const now = new Date('2026-11-28T12:00:00Z');
const account = (over: Record<string, unknown>) => ({
  platform: 'instagram',
  handle: 'sofia.rios',
  profile_url: 'https://www.instagram.com/sofia.rios',
  followers: 51340,
  followers_as_of: '2026-11-28T07:00:00Z',
  status: 'connected',
  ...over,
});

describe('reachFigure', () => {
  test('a creator without a connected account shows the typed count, self-reported', () => {
    expect(reachFigure({ followers: 48200, verified_reach: 0, social_accounts: [] })).toEqual({ kind: 'self_reported', value: 48200 });
  });

  test('connected accounts give the verified reach, dated by the oldest count, whatever the typed number', () => {
    const figure = reachFigure({
      followers: 48200,
      verified_reach: '75250',
      social_accounts: [account({}), account({ platform: 'tiktok', handle: 'sofiarios', followers: 23910, followers_as_of: '2026-11-27T09:00:00Z' })],
    });
    expect(figure).toEqual({ kind: 'verified', value: 75250, asOf: '2026-11-27T09:00:00Z', platforms: ['instagram', 'tiktok'] });
  });

  test('an account that needs reconnecting alone does not make the figure verified', () => {
    const figure = reachFigure({ followers: 86500, verified_reach: 0, social_accounts: [account({ status: 'reconnect_needed' })] });
    expect(figure).toEqual({ kind: 'self_reported', value: 86500 });
  });

  test('a hidden count (YouTube) is still a verified account: no figure alone, nothing added beside others', () => {
    const hidden = account({ platform: 'youtube', followers: null });
    expect(reachFigure({ followers: 18700, verified_reach: 0, social_accounts: [hidden] })).toMatchObject({ kind: 'verified', value: null, platforms: ['youtube'] });
    expect(reachFigure({ followers: 18700, verified_reach: 51340, social_accounts: [account({}), hidden] })).toMatchObject({ kind: 'verified', value: 51340 });
  });
});

describe('isFreshlyVerified', () => {
  test(`keeps the mark for ${VERIFIED_MARK_DAYS} days, then drops it`, () => {
    expect(isFreshlyVerified({ followers_as_of: '2026-11-21T12:00:00Z' }, now)).toBe(true);
    expect(isFreshlyVerified({ followers_as_of: '2026-11-21T11:59:00Z' }, now)).toBe(false);
    expect(isFreshlyVerified({ followers_as_of: null }, now)).toBe(false);
  });
});

describe('socialAccounts', () => {
  test('reads the jsonb array and ignores what is not an account', () => {
    expect(socialAccounts(null)).toEqual([]);
    expect(socialAccounts([account({}), { platform: 'myspace', handle: 'x' }, 3])).toHaveLength(1);
  });
});
