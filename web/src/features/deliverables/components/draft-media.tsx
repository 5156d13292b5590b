import { Spinner } from '@/components/ui/spinner';
import { useT } from '@/i18n/use-t';
import { useDraftUrl, type Draft } from '../api/drafts';
import { deliverablesCatalog } from '../messages/catalog';

/**
 * A draft's file from a signed URL: a video in the browser's own player (its controls seek through Range
 * requests, which Storage answers; `preload="metadata"` fetches only the start until play), a photo inline.
 */
export function DraftMedia({ draft, name }: { draft: Draft; name: string }) {
  const url = useDraftUrl(draft.storage_path);
  const { t } = useT(deliverablesCatalog);
  const label = t('deliverables.drafts.player', { round: draft.round, name });
  if (url.isPending) return <Spinner size="sm" label={t('deliverables.drafts.loadingFile')} />;
  if (url.isError) return <p className="text-sm text-red-700">{t('deliverables.drafts.fileError')}</p>;
  return draft.kind === 'image' ? (
    <img src={url.data} alt={t('deliverables.drafts.imageAlt', { round: draft.round, name })} className="max-h-[28rem] w-full rounded-md bg-slate-100 object-contain" />
  ) : (
    <video controls preload="metadata" playsInline src={url.data} aria-label={label} className="max-h-[28rem] w-full rounded-md bg-black" />
  );
}
