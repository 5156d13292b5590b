import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { type Formatters, useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import type { AuditEntry } from '../api/admin-types';
import { useAuditLog } from '../api/get-audit-log';
import type { AdminT } from '../messages/admin-text';
import { adminCatalog } from '../messages/catalog';
import { auditChanges, auditSentence } from '../utils/audit-entry';

/** One entry: what happened, each changed field as before → after, and when. */
function Entry({ e, t, f }: { e: AuditEntry; t: AdminT; f: Formatters }) {
  const changes = auditChanges(e, t, f);
  return (
    <li className="py-3 text-sm" data-action={e.action}>
      <p className="break-words text-slate-800">{auditSentence(e, t)}</p>
      {changes.length > 0 && (
        <ul className="mt-1 space-y-0.5 text-xs text-slate-600">
          {changes.map((c) => (
            <li key={c.field} className="break-words">
              {c.before === null
                ? t('admin.audit.changeSet', { field: c.label, after: c.after ?? '' })
                : c.after === null
                  ? t('admin.audit.changeCleared', { field: c.label, before: c.before })
                  : t('admin.audit.changeFrom', { field: c.label, before: c.before, after: c.after })}
            </li>
          ))}
        </ul>
      )}
      <p className="mt-1 text-xs text-slate-500">
        <time dateTime={e.at} title={f.dateTime(e.at)}>
          {f.dateTime(e.at)} · {f.relative(e.at)}
        </time>
      </p>
    </li>
  );
}

/** The audit log of admin actions (issue 29): newest first, older pages on demand; admins only. */
export function AuditLog() {
  const f = useFormat();
  const { data, error, isPending, hasNextPage, fetchNextPage, isFetchingNextPage } = useAuditLog();
  const { t } = useT(adminCatalog);
  const entries = data?.pages.flatMap((p) => p.rows) ?? [];
  return (
    <Card className="p-5">
      <h2 className="text-lg font-semibold text-slate-900">{t('admin.audit.title')}</h2>
      <p className="mt-1 text-sm text-slate-600">{t('admin.audit.lead')}</p>
      {isPending ? (
        <Spinner className="mt-4" />
      ) : error ? (
        <p role="alert" className="mt-3 text-sm text-red-700">
          {t('admin.audit.loadError')}
        </p>
      ) : entries.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('admin.audit.empty')}</p>
      ) : (
        <>
          <ul className="mt-2 divide-y divide-slate-100" aria-label={t('admin.audit.list')}>
            {entries.map((e) => (
              <Entry key={e.id} e={e} t={t} f={f} />
            ))}
          </ul>
          {hasNextPage && (
            <Button variant="secondary" className="mt-3" pending={isFetchingNextPage} onClick={() => void fetchNextPage()}>
              {isFetchingNextPage ? t('admin.audit.loadingMore') : t('admin.audit.more')}
            </Button>
          )}
        </>
      )}
    </Card>
  );
}
