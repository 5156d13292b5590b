import { useT } from '@/i18n/use-t';
import { deliverablesCatalog } from '../messages/catalog';

/** A delivered content URL, opening in a new tab (it is someone else's site). */
export function ContentLink({ url }: { url: string }) {
  const { t } = useT(deliverablesCatalog);
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className="font-medium break-all text-brand-700 hover:underline">
      {url}
      <span className="sr-only"> {t('deliverables.opensInNewTab')}</span>
    </a>
  );
}
