import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { PublicCampaignDetailView } from '@/features/campaigns/components/public-campaign-detail';
import { setLocale } from '@/i18n/locale-store';
import { LOCALES, type Locale } from '@/i18n/locales';
import { SessionProvider } from '@/lib/auth';
import { campaignKeys } from '@/lib/query-keys';
import type { PublicCampaignDetail } from '@/types/api';

/**
 * /explore/:id as React first draws it with the campaign in hand, in each language, for the stack's server
 * to write into the page it serves (decision 0040): the campaign's title, brand, facts and the way to apply
 * are in the HTML, so the page's largest text is painted before any script runs. The same component and
 * data the app then renders (the page carries the campaign for its query cache): the takeover is the same
 * screen. Built into a server module of its own (web/build/public-campaign-renderer.ts), never loaded by
 * the app. React escapes every text it writes: titles and descriptions are the brands'.
 */
export async function renderPublicCampaign(campaign: PublicCampaignDetail): Promise<Record<Locale, string>> {
  const out = {} as Record<Locale, string>;
  for (const locale of LOCALES) {
    // Every catalog the page's modules registered, in this language, before rendering (no suspending).
    await setLocale(locale, { remember: false });
    const client = new QueryClient();
    client.setQueryData(campaignKeys.publicDetail(campaign.id), campaign);
    out[locale] = renderToString(
      <I18nProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <SessionProvider>
            <MemoryRouter initialEntries={[`/explore/${campaign.id}`]}>
              <PublicCampaignDetailView id={campaign.id} />
            </MemoryRouter>
          </SessionProvider>
        </QueryClientProvider>
      </I18nProvider>,
    );
    client.clear();
  }
  return out;
}
