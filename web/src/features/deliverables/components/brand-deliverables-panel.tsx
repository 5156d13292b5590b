import type { Hire } from '@contract/hire';
import { Link } from 'react-router-dom';
import { buttonClasses } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useT } from '@/i18n/use-t';
import { useDraftReviewState } from '../api/drafts';
import { useApplicationDeliverables } from '../api/get-application-deliverables';
import { awaitsReview } from '../utils/revision-rules';
import { deliverablesCatalog } from '../messages/catalog';
import type { Deliverable } from '../types';
import { BrandDraftReview } from './brand-draft-review';
import { DeliverablesLoader, DeliverableSummary } from './deliverable-summary';
import { ReviewActions } from './review-actions';

/**
 * The brand's view of an accepted creator's content: each link with its status; content waiting for review
 * can be approved, sent back for changes (while revision rounds are left) or rejected (with its automatic
 * approval counting down on a funded hire). Every link leads to its deliverable page (rounds and history);
 * approved content not paid through escrow leads there to be paid. On a hire paid through escrow
 * (`paidThroughEscrow`), approving is the payment.
 */
export function BrandDeliverablesPanel({
  applicationId,
  creatorName,
  paidThroughEscrow = false,
  disputed = false,
  hireStatus = null,
  hire = null,
}: { applicationId: string; creatorName: string; paidThroughEscrow?: boolean; disputed?: boolean; hireStatus?: string | null; hire?: Hire | null }) {
  const query = useApplicationDeliverables(applicationId);
  const draftReview = useDraftReviewState(applicationId);
  const { t } = useT(deliverablesCatalog);
  return (
    <section aria-label={t('deliverables.brand.region', { name: creatorName })} className="space-y-3 rounded-md border border-slate-200 bg-slate-50 p-3">
      {draftReview.data?.required && <BrandDraftReview applicationId={applicationId} creatorName={creatorName} />}
      <div>
      <h4 className="text-sm font-semibold text-slate-900">{t('deliverables.submittedContent')}</h4>
      <div className="mt-2">
        <DeliverablesLoader query={query} loadingLabel={t('deliverables.brand.loading')}>
          {(items) => (
            <ul className="space-y-3">
              {items.map((d) => (
                <li key={d.id}>
                  <ReviewableDeliverable deliverable={d} applicationId={applicationId} creatorName={creatorName} paidThroughEscrow={paidThroughEscrow} disputed={disputed} hireStatus={hireStatus} hire={hire} />
                </li>
              ))}
            </ul>
          )}
        </DeliverablesLoader>
      </div>
      </div>
    </section>
  );
}

function ReviewableDeliverable({
  deliverable: d,
  applicationId,
  creatorName,
  paidThroughEscrow,
  disputed,
  hireStatus,
  hire,
}: { deliverable: Deliverable; applicationId: string; creatorName: string; paidThroughEscrow: boolean; disputed: boolean; hireStatus: string | null; hire: Hire | null }) {
  const { t } = useT(deliverablesCatalog);
  const payHere = d.status === 'approved' && !paidThroughEscrow;
  return (
    <article className="space-y-2 rounded-md border border-slate-200 bg-white p-3">
      <DeliverableSummary deliverable={d} audience="brand" hireStatus={hireStatus} />
      {awaitsReview(d.status) && (
        <ReviewActions
          deliverable={d}
          applicationId={applicationId}
          creatorName={creatorName}
          paidThroughEscrow={paidThroughEscrow || d.review_due_at !== null}
          disputed={disputed}
          hire={hire}
        />
      )}
      {d.status === 'changes_requested' && <p className="text-sm text-slate-700">{t('deliverables.brand.waitingCreator', { name: creatorName })}</p>}
      {/* Keyed apart: reused, the one link would fade from white to the primary colour when the content is
          approved, its text unreadable for the length of the transition. */}
      {payHere ? (
        <Link key="pay" to={paths.deliverable.getHref(d.id)} className={buttonClasses('primary', 'sm')}>
          {t('deliverables.brand.payCreator')}
        </Link>
      ) : (
        <Link
          key="view"
          to={paths.deliverable.getHref(d.id)}
          aria-label={d.status === 'approved' ? undefined : t('deliverables.viewRoundsLabel', { url: d.content_url })}
          className={buttonClasses('secondary', 'sm')}
        >
          {t(d.status === 'approved' ? 'deliverables.brand.viewDeliverable' : 'deliverables.viewRounds')}
        </Link>
      )}
    </article>
  );
}
