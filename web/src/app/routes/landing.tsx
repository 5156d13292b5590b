import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';
import { LanguageSwitch } from '@/components/ui/language-switch';

const columns = [
  { title: 'app.landing.forBrands', items: ['app.landing.brands.publish', 'app.landing.brands.review', 'app.landing.brands.approve'] },
  { title: 'app.landing.forCreators', items: ['app.landing.creators.profile', 'app.landing.creators.apply', 'app.landing.creators.paid'] },
] as const;

/** The public landing page: what the marketplace does, for each side, and the way in. */
export function Component() {
  const { session } = useSession();
  const { t } = useT(appCatalog);
  const cta = session
    ? { to: paths.dashboard.getHref(), label: t('app.landing.goToDashboard') }
    : { to: paths.auth.getHref(), label: t('app.landing.signInOrJoin') };
  return (
    <div className="min-h-screen bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <span className="text-lg font-semibold text-brand-700">{t('app.landing.brand')}</span>
        <div className="flex items-center gap-3">
          <LanguageSwitch />
          <ButtonLink to={cta.to} variant="secondary" size="sm">
            {session ? t('app.landing.dashboard') : t('app.landing.signIn')}
          </ButtonLink>
        </div>
      </header>
      <main>
        <section className="mx-auto max-w-6xl px-4 pt-12 pb-16 sm:px-6 sm:pt-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            {t('app.landing.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-600">
            {t('app.landing.lead')}
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={cta.to}>{cta.label}</ButtonLink>
            {/* Members browse (and apply) in the app; visitors see the public list first (issue 32). */}
            <ButtonLink to={session ? paths.campaigns.getHref() : paths.publicCampaigns.getHref()} variant="secondary">
              {t('app.landing.browseCampaigns')}
            </ButtonLink>
          </div>
        </section>
        <section aria-label={t('app.landing.howItWorks')} className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 md:grid-cols-2">
            {columns.map((col) => (
              <div key={col.title}>
                <h2 className="text-xl font-semibold text-slate-900">{t(col.title)}</h2>
                <ul className="mt-4 space-y-2 text-slate-700">
                  {col.items.map((item) => (
                    <li key={item} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-600">
                        ✓
                      </span>
                      {t(item)}
                    </li>
                  ))}
                </ul>
                {col.title === 'app.landing.forBrands' && !session && (
                  <ButtonLink to={`${paths.auth.getHref()}?tab=register&role=brand`} variant="secondary" size="sm" className="mt-5">
                    {t('app.landing.joinAsBrand')}
                  </ButtonLink>
                )}
              </div>
            ))}
          </div>
        </section>
      </main>
    </div>
  );
}
