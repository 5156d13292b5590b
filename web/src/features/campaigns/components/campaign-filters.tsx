import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/form-field';
import { SelectField } from '@/components/ui/select-field';
import { useT } from '@/i18n/use-t';
import { platformLabel } from '@/lib/format';
import { contentTypeText } from '../messages/campaign-text';
import { campaignsCatalog } from '../messages/catalog';
import type { BrowseFilters } from '../types';
import { CONTENT_TYPE_FILTERS, hasFilters, PLATFORM_FILTERS } from '../utils/browse-params';

const KEYWORD_DELAY_MS = 350;

/**
 * Keyword, content type and platform filters. The keyword reaches the URL once typing pauses (one
 * history entry per search, not per key); Back or a shared link puts the URL's keyword into the box.
 */
export function CampaignFilters({ filters, onChange }: { filters: BrowseFilters; onChange: (change: Partial<BrowseFilters>) => void }) {
  const [text, setText] = useState(filters.keyword);
  // The keyword this component last wrote, so its own URL update does not overwrite newer typing.
  const written = useRef(filters.keyword);
  useEffect(() => {
    if (filters.keyword !== written.current) {
      written.current = filters.keyword;
      setText(filters.keyword);
    }
  }, [filters.keyword]);
  useEffect(() => {
    if (text.trim() === filters.keyword.trim()) return;
    const timer = setTimeout(() => {
      written.current = text.trim();
      onChange({ keyword: text });
    }, KEYWORD_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, filters.keyword, onChange]);
  const { t } = useT(campaignsCatalog);

  // The selects take their longest option's width ("Todos os tipos de conteúdo" was cut at a quarter of the row).
  return (
    <form
      role="search"
      aria-label={t('campaigns.filters.label')}
      onSubmit={(e) => e.preventDefault()}
      className="grid gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm md:grid-cols-2 md:items-end lg:grid-cols-[minmax(0,1fr)_auto_auto_auto]"
    >
      <TextField
        label={t('campaigns.filters.search')}
        type="search"
        placeholder={t('campaigns.filters.search.placeholder')}
        value={text}
        onChange={(e) => setText(e.target.value)}
        autoComplete="off"
      />
      <SelectField
        label={t('campaigns.field.contentType')}
        value={filters.contentType}
        onChange={(e) => onChange({ contentType: e.target.value })}
        options={[{ value: '', label: t('campaigns.filters.allContentTypes') }, ...CONTENT_TYPE_FILTERS.map((type) => ({ value: type, label: contentTypeText(t, type) }))]}
      />
      <SelectField
        label={t('campaigns.filters.platform')}
        value={filters.platform}
        onChange={(e) => onChange({ platform: e.target.value })}
        options={[{ value: '', label: t('campaigns.platforms.all') }, ...PLATFORM_FILTERS.map((p) => ({ value: p, label: platformLabel(p) }))]}
      />
      <Button
        variant="secondary"
        disabled={!hasFilters(filters) && !text.trim()}
        onClick={() => {
          written.current = '';
          setText('');
          onChange({ keyword: '', contentType: '', platform: '' });
        }}
      >
        {t('campaigns.filters.clear')}
      </Button>
    </form>
  );
}
