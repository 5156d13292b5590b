import { useEffect, useRef, useState } from 'react';
import { useFormat } from '@/i18n/format';
import { useT } from '@/i18n/use-t';
import { commonCatalog } from '@/i18n/common-catalog';
import { coarseCountdown, countdown } from '@/lib/countdown';
import { useNow } from '@/lib/use-now';
import { type ReviewAudience, reviewCountdownAnnouncement, reviewCountdownText } from './countdown-text';

/**
 * The review deadline of content on a funded hire, counting down by the browser's clock every minute:
 * "Auto-approves in 2 d 23 h" for the brand, "Approved automatically in ..." for the creator, with the
 * deadline's date. A screen reader is told only the coarse steps as they pass (a day less, then each
 * hour of the last day), never each minute.
 */
export function ReviewCountdown({ dueAt, audience }: { dueAt: string; audience: ReviewAudience }) {
  const f = useFormat();
  const now = useNow();
  const left = countdown(dueAt, now);
  const step = coarseCountdown(left);
  const stepKey = JSON.stringify(step);
  const announced = useRef(stepKey);
  const [announcement, setAnnouncement] = useState('');
  const { t } = useT(commonCatalog);

  useEffect(() => {
    if (announced.current === stepKey) return;
    announced.current = stepKey;
    setAnnouncement(reviewCountdownAnnouncement(t, audience, step));
  }, [stepKey]);

  const due = new Date(dueAt);
  return (
    <div className="rounded-md bg-blue-50 px-3 py-2 text-sm text-blue-950">
      <p className="font-medium">
        <time dateTime={Number.isNaN(due.getTime()) ? undefined : due.toISOString()}>{reviewCountdownText(t, audience, left)}</time>
      </p>
      <p className="text-xs text-blue-900">{t('common.countdown.deadline', { date: f.dateTime(due) })}</p>
      <p className="sr-only" aria-live="polite">
        {announcement}
      </p>
    </div>
  );
}
