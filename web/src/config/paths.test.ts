import { describe, expect, it } from 'vitest';
import { dashboardPathForRole, paths } from './paths';

describe('dashboardPathForRole', () => {
  it('sends each role to its dashboard', () => {
    expect(dashboardPathForRole('brand')).toBe('/dashboard/brand');
    expect(dashboardPathForRole('creator')).toBe('/dashboard/creator');
    expect(dashboardPathForRole('admin')).toBe('/dashboard/admin');
  });

  it('sends any other role, or none, to the landing page', () => {
    expect(dashboardPathForRole('moderator')).toBe('/');
    expect(dashboardPathForRole(null)).toBe('/');
    expect(dashboardPathForRole(undefined)).toBe('/');
  });
});

describe('paths', () => {
  it('builds the links the spec names', () => {
    expect(paths.campaign.getHref('42')).toBe('/campaigns/42');
    expect(paths.campaignEdit.getHref('a/b')).toBe('/campaigns/edit/a%2Fb');
    expect(paths.messages.getHref()).toBe('/messages');
    expect(paths.messages.getHref({ userId: '7' })).toBe('/messages?userId=7');
    expect(paths.messages.getHref({ contact: '9' })).toBe('/messages?contact=9');
  });
});

describe('paths of the emails', () => {
  it('open a settings tab and carry an unsubscribe token', () => {
    expect(paths.settings.getHref()).toBe('/settings');
    expect(paths.settings.getHref('notifications')).toBe('/settings?tab=notifications');
    expect(paths.unsubscribe.getHref('work.abc.d+e/f')).toBe('/unsubscribe?token=work.abc.d%2Be%2Ff');
  });
});
