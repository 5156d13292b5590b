import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { hooksAfterUseT } from './hook-order';
import { filesUnder } from './source-scan';

// useT is the last hook of a component: the reason is on useT's note in i18n/use-t.ts. This test keeps the
// rule, instead of a comment above every call.
const src = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/**
 * Modules written before the rule was checked, with how many hook calls still follow their useT. The
 * list only shrinks: a module not on it must have none, and one on it may not gain any (move useT below
 * the other hooks, then lower its count or drop it).
 */
const NOT_YET: Record<string, number> = {
  'app/routes/app/role-redirect.tsx': 1,
  'components/layouts/dashboard-layout.tsx': 3,
  'components/layouts/mobile-menu.tsx': 2,
  'components/ui/confirm-dialog.tsx': 2,
  'components/ui/countdown/review-countdown.tsx': 1,
  'components/ui/language-switch.tsx': 1,
  'features/account-setup/components/set-password-screen.tsx': 2,
  'features/admin/components/admin-dashboard.tsx': 1,
  'features/admin/components/admin-stats.tsx': 2,
  'features/admin/components/audit-log.tsx': 2,
  'features/admin/components/brand-queue.tsx': 7,
  'features/admin/components/create-brand-dialog.tsx': 3,
  'features/admin/components/edit-user-dialog.tsx': 2,
  'features/admin/components/platform-health.tsx': 2,
  'features/admin/components/recent-activity.tsx': 2,
  'features/admin/components/user-table.tsx': 12,
  'features/analytics/components/analytics-summary.tsx': 1,
  'features/analytics/components/campaign-analytics-cards.tsx': 1,
  'features/analytics/components/campaign-analytics-table.tsx': 1,
  'features/auth/api/sign-out.ts': 1,
  'features/auth/components/auth-frame.tsx': 3,
  'features/auth/components/brand-register-form.tsx': 6,
  'features/auth/components/check-email-notice.tsx': 2,
  'features/auth/components/confirm-email-screen.tsx': 8,
  'features/auth/components/email-change-screen.tsx': 6,
  'features/auth/components/forgot-password-form.tsx': 5,
  'features/auth/components/login-form.tsx': 3,
  'features/auth/components/register-form.tsx': 8,
  'features/auth/components/resend-confirmation-button.tsx': 1,
  'features/auth/components/reset-password-form.tsx': 2,
  'features/auth/components/reset-password-screen.tsx': 5,
  'features/campaigns/components/campaigns-browser.tsx': 2,
  'features/campaigns/components/public-campaign-detail.tsx': 1,
  'features/campaigns/components/public-campaigns-list.tsx': 1,
  'features/creators/components/creator-filters-panel.tsx': 1,
  'features/creators/components/creator-portfolio-tab.tsx': 2,
  'features/creators/components/creator-profile.tsx': 2,
  'features/creators/components/creator-statistics-tab.tsx': 2,
  'features/creators/components/discover-creators.tsx': 11,
  'features/deliverables/components/creator-deliverables.tsx': 8,
  'features/disputes/components/admin-dispute-queue.tsx': 2,
  'features/disputes/components/dispute-details.tsx': 1,
  'features/disputes/components/dispute-panel.tsx': 6,
  'features/disputes/components/dispute-resolution.tsx': 1,
  'features/disputes/components/dispute-thread.tsx': 2,
  'features/disputes/components/resolve-dispute-dialog.tsx': 1,
  'features/earnings/components/money-history-table.tsx': 1,
  'features/earnings/components/payout-panel.tsx': 1,
  'features/messages/api/send-message.ts': 1,
  'features/messages/components/composer.tsx': 6,
  'features/messages/components/contact-list.tsx': 2,
  'features/messages/components/conversation-pane.tsx': 8,
  'features/messages/components/message-list.tsx': 4,
  'features/messages/components/messages-screen.tsx': 10,
  'features/payments/components/deliverable-detail-view.tsx': 3,
  'features/payments/components/pay-creator-panel.tsx': 6,
  'features/payments/components/payment-history-table.tsx': 2,
  'features/payments/components/payment-result-view.tsx': 4,
  'features/payments/components/stripe-elements-checkout.tsx': 6,
  'features/reviews/components/admin-review-moderation.tsx': 1,
  'features/reviews/components/hire-review-panel.tsx': 1,
  'features/reviews/components/star-rating-input.tsx': 2,
  'features/reviews/components/user-reviews.tsx': 1,
  'features/reviews/components/written-review.tsx': 2,
  'features/settings/components/account-form.tsx': 3,
  'features/settings/components/brand-profile-form.tsx': 2,
  'features/settings/components/creator-profile-form.tsx': 2,
  'features/settings/components/email-address-status.tsx': 1,
  'features/settings/components/email-preferences-form.tsx': 4,
  'features/settings/components/payouts-settings.tsx': 1,
  'features/settings/components/profile-settings.tsx': 2,
  'features/settings/components/security-form.tsx': 2,
  'features/settings/components/settings-screen.tsx': 2,
  'features/settings/components/unsubscribe-screen.tsx': 2,
};

describe('hooksAfterUseT', () => {
  it('names each hook a component calls after useT, with its line and the useT line', () => {
    const code = [
      'export function Panel() {',
      '  const { t } = useT(catalog);',
      '  const [open, setOpen] = useState(false);',
      '  const query = React.useMemo(() => 1, []);',
      '  return <p>{t("x")}</p>;',
      '}',
    ].join('\n');
    expect(hooksAfterUseT(code)).toEqual([
      { line: 3, hook: 'useState', after: 2 },
      { line: 4, hook: 'useMemo', after: 2 },
    ]);
  });

  it('finds them in arrow components, custom hooks and under a condition', () => {
    const code = [
      'const Row = () => {',
      '  const { t } = useT(catalog);',
      '  if (t("a")) use(promise);',
      '  return null;',
      '};',
      'export function useLabel() {',
      '  const { t } = useT(catalog);',
      '  return useCallback(() => t("b"), [t]);',
      '}',
    ].join('\n');
    expect(hooksAfterUseT(code, 'row.ts')).toEqual([
      { line: 3, hook: 'use', after: 2 },
      { line: 8, hook: 'useCallback', after: 7 },
    ]);
  });

  it('accepts useT last, a second catalog after the first, and hooks of nested components or callbacks', () => {
    const code = [
      'export function Form() {',
      '  const form = useForm();',
      '  const save = useSave({ onError: () => toast(t("saveFailed")) });',
      '  const { t } = useT(catalog);',
      '  const { t: common } = useT(commonCatalog);',
      '  const plain = useless();',
      '  return <List render={() => { const x = useId(); return x; }} />;',
      '}',
      'function Item() {',
      '  const id = useId();',
      '  const { t } = useT(catalog);',
      '  return <li id={id}>{t("c")}</li>;',
      '}',
      'const user = useT;',
    ].join('\n');
    expect(hooksAfterUseT(code)).toEqual([]);
  });
});

describe('useT is the last hook (the reason: useT in i18n/use-t.ts)', () => {
  const modules = filesUnder(src, (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) && !f.endsWith('.d.ts'));
  const late = new Map<string, string[]>();
  for (const file of modules) {
    const found = hooksAfterUseT(readFileSync(file, 'utf8'), file);
    if (found.length) late.set(path.relative(src, file).split(path.sep).join('/'), found.map((h) => `${h.hook} at line ${h.line} (useT at ${h.after})`));
  }

  it('no module calls a hook after useT, but those still listed, and those no more than listed', () => {
    const problems: string[] = [];
    for (const [file, hooks] of late) {
      const allowed = NOT_YET[file] ?? 0;
      if (hooks.length > allowed) problems.push(...hooks.map((h) => `web/src/${file}: ${h}`));
    }
    expect(problems).toEqual([]);
  });

  it('the list of modules not yet following the rule shrinks as they are fixed', () => {
    const stale = Object.entries(NOT_YET)
      .filter(([file, count]) => (late.get(file)?.length ?? 0) < count)
      .map(([file, count]) => `${file}: listed ${count}, now ${late.get(file)?.length ?? 0}`);
    expect(stale).toEqual([]);
  });

  it('scans the app (a sanity check that the walk found the components)', () => {
    expect(modules.length).toBeGreaterThan(200);
    expect(modules.some((f) => f.endsWith(path.join('features', 'disputes', 'components', 'open-dispute-dialog.tsx')))).toBe(true);
  });
});
