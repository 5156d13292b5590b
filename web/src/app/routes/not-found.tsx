import { Link } from 'react-router-dom';
import { Card } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';

/** Spec: a card with '404 Page Not Found' and 'Did you forget to add the page to the router?'. */
export function Component() {
  const { t } = useT(appCatalog);
  return (
    <main className="flex min-h-screen items-center justify-center p-4">
      <Card className="w-full max-w-md p-6">
        <div className="flex items-center gap-2">
          <span aria-hidden="true" className="text-2xl text-red-600">!</span>
          <h1 className="text-2xl font-bold text-slate-900">{t('app.notFound.title')}</h1>
        </div>
        <p className="mt-4 text-sm text-slate-600">{t('app.notFound.text')}</p>
        <Link to={paths.landing.getHref()} className="mt-6 inline-block text-sm font-medium text-brand-700 hover:underline">
          {t('app.notFound.home')}
        </Link>
      </Card>
    </main>
  );
}
