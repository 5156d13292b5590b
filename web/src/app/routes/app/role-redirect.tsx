import { useEffect } from 'react';
import { useNavigate } from 'react-router-dom';
import { Spinner } from '@/components/ui/spinner';
import { dashboardPathForRole } from '@/config/paths';
import { useUser } from '@/lib/auth';
import { appCatalog } from '@/app/messages/catalog';
import { useT } from '@/i18n/use-t';

/** /dashboard: 'Redirecting to your dashboard...' then the role's dashboard (spec "Protected areas"). */
export function Component() {
  const { profile } = useUser();
  const navigate = useNavigate();
  useEffect(() => {
    if (profile) navigate(dashboardPathForRole(profile.role), { replace: true });
  }, [profile, navigate]);
  const { t } = useT(appCatalog);
  return (
    <div className="flex min-h-[50vh] flex-col items-center justify-center gap-4 text-brand-600">
      <Spinner size="lg" label={null} />
      <p role="status" className="text-slate-700">
        {t('app.redirecting')}
      </p>
    </div>
  );
}
