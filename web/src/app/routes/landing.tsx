import { ButtonLink } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth';

const forBrands = ['Publish a campaign in minutes', 'Review pitches from Latin American creators', 'Approve content, then pay securely'];
const forCreators = ['Create a free profile', 'Apply to campaigns from US brands', 'Get paid in dollars'];

/** The public landing page: what the marketplace does, for each side, and the way in. */
export function Component() {
  const { session } = useSession();
  const cta = session ? { to: paths.dashboard.getHref(), label: 'Go to your dashboard' } : { to: paths.auth.getHref(), label: 'Sign in or join' };
  return (
    <div className="min-h-screen bg-white">
      <header className="mx-auto flex max-w-6xl items-center justify-between px-4 py-5 sm:px-6">
        <span className="text-lg font-semibold text-brand-700">Creator Marketplace</span>
        <ButtonLink to={cta.to} variant="secondary" size="sm">
          {session ? 'Dashboard' : 'Sign in'}
        </ButtonLink>
      </header>
      <main>
        <section className="mx-auto max-w-6xl px-4 pt-12 pb-16 sm:px-6 sm:pt-20">
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">
            US brands meet Latin American content creators
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-600">
            Brands publish influencer and content campaigns. Spanish-speaking creators apply with a pitch, deliver their content and get
            paid in dollars.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <ButtonLink to={cta.to}>{cta.label}</ButtonLink>
            <ButtonLink to={paths.campaigns.getHref()} variant="secondary">
              Browse campaigns
            </ButtonLink>
          </div>
        </section>
        <section aria-label="How it works" className="border-t border-slate-200 bg-slate-50">
          <div className="mx-auto grid max-w-6xl gap-8 px-4 py-14 sm:px-6 md:grid-cols-2">
            {[
              { title: 'For brands', items: forBrands },
              { title: 'For creators', items: forCreators },
            ].map((col) => (
              <div key={col.title}>
                <h2 className="text-xl font-semibold text-slate-900">{col.title}</h2>
                <ul className="mt-4 space-y-2 text-slate-700">
                  {col.items.map((item) => (
                    <li key={item} className="flex gap-2">
                      <span aria-hidden="true" className="text-brand-600">
                        ✓
                      </span>
                      {item}
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </section>
      </main>
    </div>
  );
}
