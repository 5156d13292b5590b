import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { dashboardPathForRole, type Role } from '@/config/paths';
import { commonCatalog } from '@/i18n/common-catalog';
import { useT } from '@/i18n/use-t';
import { useUser } from './auth';

/**
 * Shows its children only to the given roles; anyone else is sent to their own dashboard. This is
 * navigation, not security: the database refuses the data all the same.
 */
export function RequireRole({ roles, children }: { roles: Role[]; children: ReactNode }) {
  const { profile } = useUser();
  if (!profile || !roles.includes(profile.role as Role)) return <Navigate to={dashboardPathForRole(profile?.role)} replace />;
  return children;
}

/** The spec's message for a signed-in user on a screen their role may not use. */
export function AccessDenied() {
  const { t } = useT(commonCatalog);
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 p-6">
      <h1 className="text-xl font-semibold text-red-900">{t('common.accessDenied.title')}</h1>
      <p className="mt-1 text-sm text-red-800">{t('common.accessDenied.text')}</p>
    </div>
  );
}
