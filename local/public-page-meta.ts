import type { IncomingMessage } from 'node:http';
import type { Database, Queryable } from './db/database.ts';

/**
 * What a link preview shows of a public page (issue 32): Slack, WhatsApp or an email client fetch the
 * address and read the HTML's <title>, description and Open Graph tags without running any script, so the
 * SPA's own document.title is never seen by them. The stack writes them into index.html for the public
 * campaign pages (/explore and /explore/<id>, web/src/config/paths.ts); every other page is served as
 * built. A static host cannot do this (docs/decisions/0035-public-campaign-previews.md).
 */
export interface PageMeta {
  title: string;
  description: string;
  /** The page's canonical address (og:url). */
  url: string;
  type: 'website' | 'article';
  locale: Lang;
  /** A campaign page's campaign, as api.public_campaign returns it to the app (JSON), for its first screen. */
  campaign?: Record<string, unknown>;
}

type Lang = 'es' | 'en' | 'pt';

const SITE = 'Creator Marketplace';

const TEXT = {
  es: {
    listTitle: `Explorar campañas — ${SITE}`,
    listDescription: 'Campañas activas de marcas de EE. UU., abiertas a creadores. Regístrate gratis para postularte.',
    campaignDescription: (brand: string, money: string, type: string, deadline: string) =>
      `${brand} busca creadores: ${money} · ${type}. Fecha límite: ${deadline}.`,
    compensation: { flat_fee: 'Tarifa fija', product: 'Intercambio de producto', performance: 'Según resultados' } as Record<string, string>,
    ogLocale: 'es_ES',
    format: 'es-419',
  },
  en: {
    listTitle: `Browse campaigns — ${SITE}`,
    listDescription: 'Active campaigns from US brands, open to creators. Sign up free to apply.',
    campaignDescription: (brand: string, money: string, type: string, deadline: string) =>
      `${brand} is looking for creators: ${money} · ${type}. Deadline ${deadline}.`,
    compensation: { flat_fee: 'Flat fee', product: 'Product exchange', performance: 'Performance based' } as Record<string, string>,
    ogLocale: 'en_US',
    format: 'en-US',
  },
  pt: {
    listTitle: `Explorar campanhas — ${SITE}`,
    listDescription: 'Campanhas ativas de marcas dos EUA, abertas a criadores de conteúdo. Cadastre-se grátis para se candidatar.',
    campaignDescription: (brand: string, money: string, type: string, deadline: string) =>
      `${brand} procura criadores de conteúdo: ${money} · ${type}. Prazo: ${deadline}.`,
    compensation: { flat_fee: 'Valor fixo', product: 'Permuta de produtos', performance: 'Por desempenho' } as Record<string, string>,
    ogLocale: 'pt_BR',
    format: 'pt-BR',
  },
} as const;

/**
 * The visitor's language from Accept-Language: English or Portuguese (issue 37) when it comes first, else
 * Spanish (the app's default).
 */
export function previewLanguage(acceptLanguage: string | undefined): Lang {
  const first = (acceptLanguage ?? '').split(',')[0]?.trim().toLowerCase() ?? '';
  return /^en(-|;|$)/.test(first) ? 'en' : /^pt(-|;|$)/.test(first) ? 'pt' : 'es';
}

/** Text for an HTML attribute or element: the five characters that could end it or start markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** At most `max` characters, cut at a word where possible, with an ellipsis. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > max / 2 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

/**
 * index.html with this page's title and description in place of the built ones, and the Open Graph and
 * Twitter tags added at the end of <head>. Everything written is escaped: titles come from brands.
 */
export function injectPageMeta(html: string, meta: PageMeta): string {
  const title = escapeHtml(meta.title);
  const description = escapeHtml(meta.description);
  const tags = [
    `<meta property="og:site_name" content="${SITE}" />`,
    `<meta property="og:type" content="${meta.type}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:url" content="${escapeHtml(meta.url)}" />`,
    `<meta property="og:locale" content="${TEXT[meta.locale].ogLocale}" />`,
    '<meta name="twitter:card" content="summary" />',
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
  ].join('\n    ');
  // Replacement functions, not strings: a '$&' in a title must stay text.
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${title}</title>`)
    .replace(/<meta name="description"[^>]*>/, () => `<meta name="description" content="${description}" />`)
    .replace('</head>', () => `    ${tags}\n  </head>`);
}

const CAMPAIGN_PATH = /^\/explore\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/?$/i;

interface PublicCampaignRow {
  title: string;
  description: string;
  brand_name: string;
  compensation_cents: string | number;
  compensation_type: string;
  deadline: string | Date;
  json: Record<string, unknown>;
}

/**
 * The meta of a public page, or null for any other path. A campaign is read through api.public_campaign as
 * anon, exactly what a visitor may see: a draft, paused or unknown id gets the list's preview, never its
 * own title.
 */
export function createPublicPageMeta(db: Pick<Database, 'transaction'>, publicUrl: string) {
  return async function pageMeta(pathname: string, req: IncomingMessage): Promise<PageMeta | null> {
    if (pathname !== '/explore' && pathname !== '/explore/' && !pathname.startsWith('/explore/')) return null;
    const locale = previewLanguage(req.headers['accept-language']);
    const text = TEXT[locale];
    const list: PageMeta = { title: text.listTitle, description: text.listDescription, url: `${publicUrl}/explore`, type: 'website', locale };
    const id = CAMPAIGN_PATH.exec(pathname)?.[1];
    if (!id) return list;
    const read = async (q: Queryable) => {
      await q.query('set local role anon');
      return (await q.query<PublicCampaignRow>(
        'select title, description, brand_name, compensation_cents, compensation_type, deadline, to_jsonb(c) as json from api.public_campaign($1) c', [id])).rows[0];
    };
    const c = await db.transaction(read);
    if (!c) return list;
    const money = new Intl.NumberFormat(text.format, { style: 'currency', currency: 'USD' }).format(Number(c.compensation_cents) / 100);
    const deadline = new Intl.DateTimeFormat(text.format, { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(c.deadline));
    return {
      title: `${clip(c.title, 120)} — ${c.brand_name}`,
      description: clip(`${text.campaignDescription(c.brand_name, money, text.compensation[c.compensation_type] ?? c.compensation_type, deadline)} ${c.description}`, 300),
      url: `${publicUrl}/explore/${id.toLowerCase()}`,
      type: 'article',
      locale,
      // PostgREST's JSON of the row (to_jsonb: the same timestamps and numbers the app's rpc receives).
      campaign: c.json,
    };
  };
}
