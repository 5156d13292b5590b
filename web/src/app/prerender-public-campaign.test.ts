import { LOCALES } from '@/i18n/locales';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublicCampaignDetail } from '@/types/api';

// Decision 0040: the stack writes /explore/:id's first screen into its HTML with this renderer: the same
// component the app renders with the same data, in every language, every brand-written text escaped.

const EVIL = '<img src=x onerror="alert(1)"></template><script>alert(2)</script>';
const campaign = {
  id: '00000000-0000-0000-0001-000000000001',
  title: EVIL,
  description: 'Line one\n<b>line two</b>',
  requirements: 'Post by Friday & tag us',
  brand_name: 'Glow & <Co>',
  content_type: 'instagram_reel',
  compensation_type: 'flat_fee',
  compensation_cents: 25_000,
  platforms: ['instagram', 'tiktok'],
  deadline: '2099-12-20T12:00:00+00:00',
  created_at: '2026-11-01T00:00:00+00:00',
  usage_rights: { kind: 'paid', platforms: ['instagram', 'tiktok'], territory: ['US'], term_days: 90, price_cents: 30_000,
    exclusivity_category: 'skincare', exclusivity_days: 30 },
} as unknown as PublicCampaignDetail;

let render: (c: PublicCampaignDetail) => Promise<Record<string, string>>;
const g = globalThis as { window?: unknown; WebSocket?: unknown };
beforeAll(async () => {
  // The app's configuration reads the page's address; supabase-js wants a WebSocket (as local/public-campaign-page.ts gives them).
  g.window = { location: new URL('http://localhost/') };
  g.WebSocket ??= class {};
  ({ renderPublicCampaign: render } = await import('./prerender-public-campaign'));
});
afterAll(() => {
  delete g.window;
});

describe('the public campaign screen for the served HTML', () => {
  it('is the campaign with its facts and the way to apply, in each language, every text escaped', async () => {
    const out = await render(campaign);
    expect(Object.keys(out)).toEqual([...LOCALES]);
    for (const html of Object.values(out)) {
      expect(html).not.toContain('<img');
      expect(html).not.toContain('<script');
      expect(html).not.toContain('</template>');
      expect(html).toContain('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&lt;/template&gt;&lt;script&gt;alert(2)&lt;/script&gt;</h1>');
      expect(html).toContain('Glow &amp; &lt;Co&gt;');
      expect(html).toContain('&lt;b&gt;line two&lt;/b&gt;');
      expect(html).toContain('Post by Friday &amp; tag us');
      expect(html).toContain('Instagram, TikTok');
      expect(html).toContain(`href="/auth?next=%2Fcampaigns%2F${campaign.id}&amp;tab=register"`);
    }
    expect(out.en).toContain('<div lang="en"');
    expect(out.en).toContain('$250.00');
    expect(out.en).toContain('December 20, 2099');
    expect(out.en).toContain('>Apply<');
    expect(out.es).toContain('<div lang="es"');
    expect(out.es).toContain('20 de diciembre de 2099');
    expect(out.es).not.toContain('>Apply<');
    // The licence the campaign buys, in the words of the signed-in page (decision 0056).
    expect(out.en).toContain(
      'The brand may post your content as ads on Instagram and TikTok in United States for 90 days; exclusivity: skincare, 30 days; paid usage: $300.00.',
    );
    expect(out.es).toContain('La marca puede publicar tu contenido como anuncios en Instagram y TikTok en Estados Unidos durante 90 días');
  });
});
