import { Spinner } from '@/components/ui/spinner';
import { formatDate } from '@/lib/format';
import { useCreatorStatistics } from '../api/get-creator-statistics';

/**
 * The creator's real track record on the marketplace: completed campaigns, approved content, how often
 * brands accept their applications (accepted out of decided), and since when they are a member.
 */
export function CreatorStatisticsTab({ creatorId, firstName }: { creatorId: string; firstName: string }) {
  const { data, isPending, isError, error } = useCreatorStatistics(creatorId);
  if (isPending) return <Spinner label="Loading statistics..." />;
  if (isError) return <p role="alert" className="text-sm text-red-700">Could not load the statistics: {error.message}</p>;
  if (!data) return <p className="text-sm text-slate-600">No statistics available.</p>;
  const decided = data.applications_accepted + data.applications_rejected;
  const noActivity = data.applications_total === 0 && data.approved_deliverables === 0;
  return (
    <div className="space-y-4">
      {noActivity && (
        <p className="rounded-md bg-slate-50 p-4 text-sm text-slate-700">
          {firstName} has not worked on a campaign here yet, so there are no statistics to show beyond membership.
        </p>
      )}
      <dl className="grid gap-4 sm:grid-cols-2">
        <Figure label="Campaigns completed" value={String(data.campaigns_completed)} hint="Campaigns with approved content" />
        <Figure label="Approved content" value={String(data.approved_deliverables)} hint="Pieces of content approved by brands" />
        <Figure
          label="Acceptance rate"
          value={data.acceptance_rate == null ? 'No decisions yet' : `${formatPercent(data.acceptance_rate)}%`}
          hint={
            decided === 0
              ? `${data.applications_total} application${data.applications_total === 1 ? '' : 's'}, none decided yet`
              : `${data.applications_accepted} of ${decided} decided application${decided === 1 ? '' : 's'} accepted`
          }
        />
        <Figure label="Member since" value={formatDate(data.member_since)} />
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
