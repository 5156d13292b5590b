import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useCreatorStatistics } from '../api/get-creator-statistics';
import { creatorsCatalog } from '../messages/catalog';
import { creatorsErrorText } from '../messages/creators-text';

/**
 * The creator's real track record on the marketplace: completed campaigns, approved content, how often
 * brands accept their applications (accepted out of decided), and since when they are a member.
 */
export function CreatorStatisticsTab({ creatorId, firstName }: { creatorId: string; firstName: string }) {
  const f = useFormat();
  const { data, isPending, isError, error } = useCreatorStatistics(creatorId);
  const { t } = useT(creatorsCatalog);
  if (isPending) return <Spinner label={t('creators.statistics.loading')} />;
  if (isError) {
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('creators.statistics.error', { reason: creatorsErrorText(t, error) })}
      </p>
    );
  }
  if (!data) return <p className="text-sm text-slate-600">{t('creators.statistics.none')}</p>;
  const decided = data.applications_accepted + data.applications_rejected;
  const noActivity = data.applications_total === 0 && data.approved_deliverables === 0;
  return (
    <div className="space-y-4">
      {noActivity && <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-700">{t('creators.statistics.noActivity', { name: firstName })}</p>}
      <dl className="grid gap-4 sm:grid-cols-2">
        <Figure
          label={t('creators.statistics.campaignsCompleted')}
          value={String(data.campaigns_completed)}
          hint={t('creators.statistics.campaignsCompletedHint')}
        />
        <Figure label={t('creators.statistics.approvedContent')} value={String(data.approved_deliverables)} hint={t('creators.statistics.approvedContentHint')} />
        <Figure
          label={t('creators.statistics.acceptanceRate')}
          value={data.acceptance_rate == null ? t('creators.statistics.noDecisions') : `${formatPercent(data.acceptance_rate)}%`}
          hint={
            decided === 0
              ? t('creators.statistics.noneDecided', { count: data.applications_total })
              : t('creators.statistics.accepted', { accepted: data.applications_accepted, decided })
          }
        />
        <Figure label={t('creators.statistics.memberSince')} value={f.date(data.member_since)} />
      </dl>
    </div>
  );
}

/** 66.7 -> "66.7", 100 -> "100". */
function formatPercent(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="rounded-lg border border-slate-200 p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-xl font-semibold text-slate-900">{value}</dd>
      {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
    </div>
  );
}
