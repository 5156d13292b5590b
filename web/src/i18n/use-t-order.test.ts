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
  'components/ui/countdown/review-countdown.tsx': 1,
  'features/account-setup/components/set-password-screen.tsx': 2,
  'features/admin/components/user-table.tsx': 12,
  'features/auth/api/sign-out.ts': 1,
  'features/auth/components/brand-register-form.tsx': 4,
  'features/auth/components/confirm-email-screen.tsx': 8,
  'features/auth/components/login-form.tsx': 3,
  'features/auth/components/register-form.tsx': 3,
  'features/auth/components/reset-password-form.tsx': 2,
  'features/campaigns/components/public-campaign-detail.tsx': 1,
  'features/campaigns/components/public-campaigns-list.tsx': 1,
  'features/messages/api/send-message.ts': 1,
  'features/messages/components/messages-screen.tsx': 10,
  'features/payments/components/pay-creator-panel.tsx': 6,
  'features/payments/components/payment-result-view.tsx': 4,
  'features/settings/components/payouts-settings.tsx': 1,
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
