import { useParams } from 'react-router-dom';
import { CampaignApplications } from '@/features/applications/components/campaign-applications';
import { CreatorApplicationPanel } from '@/features/applications/components/creator-application-panel';
import { CampaignDetailView } from '@/features/campaigns/components/campaign-detail-view';
import { CreatorRenewalOffer } from '@/features/campaigns/components/licence-renewal';
import { CreatorFacts } from '@/features/creators/components/creator-facts';
import { BrandDeliverablesPanel } from '@/features/deliverables/components/brand-deliverables-panel';
import { CreatorDeliverables } from '@/features/deliverables/components/creator-deliverables';
import { FundHirePanel } from '@/features/payments/components/fund-hire-panel';
import { ReviewPrompt } from '@/features/reviews/components/review-prompt';
import { useUser } from '@/lib/auth';

/**
 * /campaigns/{id}: the campaign feature's screen, with the applications feature's panels (the owner's
 * Applications tab, the creator's application), the deliverables feature's panels inside them, the
 * payments feature's checkout that funds a hire, the creators feature's facts about each applicant and
 * the reviews feature's prompt once a hire is complete (each side reviews the other).
 */
export function Component() {
  const { id = '' } = useParams();
  const { profile } = useUser();
  return (
    <CampaignDetailView
      // A fresh screen (tabs back on Details) when moving to another campaign.
      key={id}
      campaignId={id}
      role={profile?.role ?? ''}
      renderApplications={(campaign) => (
        <CampaignApplications
          campaignId={campaign.id}
          renderFunding={(application) => <FundHirePanel applicationId={application.id} />}
          renderCreatorFacts={({ creator }) => <CreatorFacts followers={creator.followers} verifiedReach={creator.verified_reach} socialAccounts={creator.social_accounts} niche={creator.niche} rating={creator.rating} reviewCount={creator.review_count} />}
          renderCompleted={(application) => <ReviewPrompt applicationId={application.id} name={application.creator.full_name} />}
          renderAccepted={(application) => (
            <BrandDeliverablesPanel applicationId={application.id} creatorName={application.creator.full_name} paidThroughEscrow={application.hire !== null} disputed={application.hire?.status === 'disputed'} hireStatus={application.hire?.status ?? null} hire={application.hire} />
          )}
        />
      )}
      renderCreatorPanel={(campaign) => (
        <CreatorApplicationPanel
          campaignId={campaign.id}
          campaignStatus={campaign.status}
          compensation={{
            type: campaign.compensation_type,
            cents: campaign.compensation_cents,
            licenceCents: campaign.usage_rights?.kind === 'paid' ? (campaign.usage_rights.price_cents ?? 0) : 0,
          }}
          application={campaign.my_application}
          renderAccepted={(applicationId, hireStatus) => (
            <>
              <CreatorRenewalOffer applicationId={applicationId} />
              <CreatorDeliverables campaignId={campaign.id} applicationId={applicationId} hireStatus={hireStatus} />
            </>
          )}
          // A brand is named by its company (as app.display_name names it everywhere else).
          renderCompleted={(applicationId) => <ReviewPrompt applicationId={applicationId} name={campaign.brand.company_name || campaign.brand.full_name} />}
        />
      )}
    />
  );
}
