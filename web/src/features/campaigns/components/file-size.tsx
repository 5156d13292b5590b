import { useT } from '@/i18n/use-t';
import { campaignsCatalog } from '../messages/catalog';
import { briefFileSize } from '../utils/brief-files';

/** "48 KB" or "3,2 MB", in the reader's number format. */
export function FileSize({ bytes }: { bytes: number }) {
  const { t } = useT(campaignsCatalog);
  const { unit, size } = briefFileSize(bytes);
  return <span className="text-slate-500">{unit === 'kb' ? t('campaigns.brief.sizeKb', { size }) : t('campaigns.brief.size', { size })}</span>;
}
