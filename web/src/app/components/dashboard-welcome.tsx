import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';
import { useUser } from '@/lib/auth';
import { useWelcome } from '@/lib/sign-ins';

/** "Welcome, Ana." at the first sign-in, "Welcome back, Ana." after it (src/lib/sign-ins.ts says how). */
export function DashboardWelcome() {
  const { profile } = useUser();
  const welcome = useWelcome();
  const { t } = useT(appCatalog);
  if (!profile || !welcome) return null;
  return <p className="mt-1 text-slate-600">{t(welcome === 'back' ? 'app.dashboard.welcomeBack' : 'app.dashboard.welcome', { name: profile.full_name })}</p>;
}
