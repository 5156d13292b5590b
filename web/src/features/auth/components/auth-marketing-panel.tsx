import { useT } from '@/i18n/use-t';
import { authCatalog } from '../messages/catalog';

const points = ['free', 'brands', 'payments', 'noExperience'] as const;

/** The pitch to creators beside the forms; shown on wide screens only (spec "Auth screen"). */
export function AuthMarketingPanel() {
  const { t } = useT(authCatalog);
  return (
    <aside aria-labelledby="auth-pitch" className="hidden flex-1 flex-col justify-center bg-brand-700 px-12 py-16 text-white lg:flex">
      <h2 id="auth-pitch" className="text-3xl font-bold leading-tight">
        {t('auth.pitch.title')}
      </h2>
      <p className="mt-4 max-w-md text-brand-100">{t('auth.pitch.lead')}</p>
      <ul className="mt-10 space-y-6">
        {points.map((p) => (
          <li key={p} className="flex gap-3">
            <span aria-hidden="true" className="mt-1 flex size-6 shrink-0 items-center justify-center rounded-full bg-white/20 text-sm">
              ✓
            </span>
            <div>
              <p className="font-semibold">{t(`auth.pitch.${p}.title`)}</p>
              <p className="text-sm text-brand-100">{t(`auth.pitch.${p}.text`)}</p>
            </div>
          </li>
        ))}
      </ul>
    </aside>
  );
}
