import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { useApplicationEvents } from '../api/get-application-events';
import { eventGroup } from '../utils/event-groups';
import { activityCatalog } from '../messages/catalog';
import { describeEvent } from '../messages/activity-text';
import type { ApplicationEvent } from '../types';
import { EventIcon } from './event-icon';

/**
 * The history of one application as a timeline, oldest first: who did what and when (applied, accepted,
 * funded, submitted, changes requested, resubmitted, approved, released, disputes, reviews…), with the
 * feedback, note or reason written with it. The reader's own events say "You".
 */
export function ActivityTimeline({ applicationId, viewerId }: { applicationId: string; viewerId: string }) {
  const query = useApplicationEvents(applicationId);
  const { t } = useT(activityCatalog);
  return (
    <Card className="p-4 sm:p-6">
      <section aria-labelledby={`activity-${applicationId}`}>
        <h2 id={`activity-${applicationId}`} className="text-lg font-semibold text-slate-900">
          {t('activity.title')}
        </h2>
        <div className="mt-4">
          {query.isPending ? (
            <Spinner label={t('activity.loading')} />
          ) : query.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {t('activity.error')}
            </p>
          ) : query.data.length === 0 ? (
            <p className="text-sm text-slate-600">{t('activity.empty')}</p>
          ) : (
            <ol aria-labelledby={`activity-${applicationId}`} className="relative">
              {query.data.map((e, i) => (
                <TimelineEvent key={e.id} event={e} viewerId={viewerId} last={i === query.data.length - 1} />
              ))}
            </ol>
          )}
        </div>
      </section>
    </Card>
  );
}

function TimelineEvent({ event: e, viewerId, last }: { event: ApplicationEvent; viewerId: string; last: boolean }) {
  const f = useFormat();
  const { t } = useT(activityCatalog);
  const view = describeEvent(t, e, { viewerId, money: f.money });
  return (
    <li className="relative flex gap-3 pb-5 last:pb-0">
      {/* The line joining this event's icon to the next one's. */}
      {!last && <span aria-hidden="true" className="absolute top-8 bottom-0 left-4 w-px -translate-x-1/2 bg-slate-200" />}
      <EventIcon group={eventGroup(e.kind)} />
      <div className="min-w-0 flex-1 pt-1">
        <p className="text-sm font-medium break-words text-slate-900">{view.sentence}</p>
        <time dateTime={e.created_at} title={f.relative(e.created_at)} className="text-xs text-slate-600">
          {f.dateTime(e.created_at)}
        </time>
        {view.link && (
          <p className="mt-1 text-sm break-all">
            <a href={view.link} target="_blank" rel="noopener noreferrer" className="text-brand-700 hover:underline">
              {view.link}
              <span className="sr-only"> {t('activity.opensInNewTab')}</span>
            </a>
          </p>
        )}
        {view.quote && (
          <p className="mt-1 rounded border-l-4 border-slate-300 bg-slate-50 p-2 text-sm break-words whitespace-pre-line text-slate-800">
            <span className="font-medium">{view.quote.label}</span> {view.quote.text}
          </p>
        )}
      </div>
    </li>
  );
}
