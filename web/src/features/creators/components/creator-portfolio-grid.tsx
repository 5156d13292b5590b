import { useId } from 'react';
import { PortfolioMedia } from '@/components/portfolio/portfolio-media';
import type { PortfolioItem } from '@/components/portfolio/portfolio-item';
import { Card } from '@/components/ui/card';
import { useT } from '@/i18n/use-t';
import { creatorsCatalog } from '../messages/catalog';

/**
 * The creator's own showcase (decision 0048): images as thumbnails, videos playable in place with their
 * caption below. Nothing is drawn when the creator has added nothing.
 */
export function CreatorPortfolioGrid({ items, firstName }: { items: PortfolioItem[]; firstName: string }) {
  const headingId = useId();
  const { t } = useT(creatorsCatalog);
  if (items.length === 0) return null;
  return (
    <Card className="p-6">
      <section aria-labelledby={headingId}>
        <h2 id={headingId} className="text-lg font-semibold text-slate-900">
          {t('creators.showcase.title')}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label={t('creators.showcase.listLabel', { name: firstName })}>
          {items.map((item, i) => {
            const label = t(item.kind === 'video' ? 'creators.showcase.videoN' : 'creators.showcase.imageN', { n: i + 1 });
            return (
              <li key={item.id} className="min-w-0">
                <figure>
                  <PortfolioMedia item={item} label={label} />
                  {item.caption && <figcaption className="mt-1 line-clamp-2 text-sm break-words text-slate-700">{item.caption}</figcaption>}
                </figure>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
