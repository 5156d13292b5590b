import { useT } from '@/i18n/use-t';
import { useMyBrandApproval } from '../api/brand-approval';
import { campaignsCatalog } from '../messages/catalog';

/**
 * On a waiting (or rejected) brand's dashboard and campaign screens: why publishing is off, and that
 * drafts work meanwhile (decision 0036). Nothing for approved brands and other roles.
 */
export function BrandApprovalBanner({ className }: { className?: string }) {
  const approval = useMyBrandApproval();
  const { t } = useT(campaignsCatalog);
  const status = approval.data?.status;
  if (status !== 'pending' && status !== 'rejected') return null;
  const rejected = status === 'rejected';
  return (
    <div
      role="status"
      data-testid="brand-approval-banner"
      className={`rounded-lg border px-4 py-3 text-sm ${rejected ? 'border-red-200 bg-red-50 text-red-900' : 'border-amber-200 bg-amber-50 text-amber-900'} ${className ?? ''}`}
    >
      <p className="font-semibold">{t(rejected ? 'campaigns.approval.rejected.title' : 'campaigns.approval.pending.title')}</p>
      <p className="mt-1">{t(rejected ? 'campaigns.approval.rejected.text' : 'campaigns.approval.pending.text')}</p>
      {rejected && approval.data?.reason && (
        <p className="mt-1 break-words">{t('campaigns.approval.rejected.reason', { reason: approval.data.reason })}</p>
      )}
    </div>
  );
}
