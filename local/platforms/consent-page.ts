import type { IncomingMessage } from 'node:http';
import type { Account, Platform } from './world.ts';

export type ConsentLanguage = 'es' | 'en' | 'pt';

const HTML_LANG: Record<ConsentLanguage, string> = { es: 'es-419', en: 'en', pt: 'pt-BR' };

const TEXTS: Record<ConsentLanguage, Record<string, string>> = {
  es: {
    title: '{app} quiere acceder a tu cuenta de {platform}',
    asks: 'Podrá ver:',
    account: 'Cuenta',
    allow: 'Permitir',
    deny: 'Rechazar',
    noAccounts: 'No hay cuentas de {platform} de prueba. Créalas con /platforms/_control/accounts.',
    testMode: 'Modo de prueba: esta página imita a {platform}; no se conecta a ninguna cuenta real.',
  },
  en: {
    title: '{app} wants to access your {platform} account',
    asks: 'It will be able to see:',
    account: 'Account',
    allow: 'Allow',
    deny: 'Deny',
    noAccounts: 'There are no test {platform} accounts. Create them with /platforms/_control/accounts.',
    testMode: 'Test mode: this page stands in for {platform}; no real account is connected.',
  },
  pt: {
    title: '{app} quer acessar sua conta do {platform}',
    asks: 'Poderá ver:',
    account: 'Conta',
    allow: 'Permitir',
    deny: 'Recusar',
    noAccounts: 'Não há contas de teste do {platform}. Crie-as com /platforms/_control/accounts.',
    testMode: 'Modo de teste: esta página imita o {platform}; nenhuma conta real é conectada.',
  },
};

/** What each scope lets the app see, per language (the scope name itself is shown too). */
const SCOPE_TEXTS: Record<string, Record<ConsentLanguage, string>> = {
  instagram_business_basic: { es: 'tu perfil y tus publicaciones', en: 'your profile and your posts', pt: 'seu perfil e suas publicações' },
  instagram_business_manage_insights: { es: 'las estadísticas de tus publicaciones', en: 'your posts’ insights', pt: 'as estatísticas das suas publicações' },
  'user.info.basic': { es: 'tu nombre y tu foto de perfil', en: 'your name and profile picture', pt: 'seu nome e sua foto de perfil' },
  'user.info.profile': { es: 'tu nombre de usuario', en: 'your username', pt: 'seu nome de usuário' },
  'user.info.stats': { es: 'tus seguidores y tus me gusta', en: 'your followers and likes', pt: 'seus seguidores e curtidas' },
  'video.list': { es: 'tus videos públicos', en: 'your public videos', pt: 'seus vídeos públicos' },
  'https://www.googleapis.com/auth/youtube.readonly': { es: 'tu cuenta de YouTube (solo lectura)', en: 'your YouTube account (read only)', pt: 'sua conta do YouTube (somente leitura)' },
};

export const PLATFORM_NAMES: Record<Platform, string> = { instagram: 'Instagram', tiktok: 'TikTok', youtube: 'YouTube' };

/** A locale parameter (Google's hl, or locale/lang) first, then Accept-Language; Spanish by default. */
export function consentLanguage(req: IncomingMessage, url: URL): ConsentLanguage {
  const asked = [url.searchParams.get('hl'), url.searchParams.get('locale'), url.searchParams.get('lang')].find((v) => v);
  const candidates = asked ? [asked] : acceptLanguages(req.headers['accept-language'] ?? '');
  for (const tag of candidates) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (primary === 'es' || primary === 'en' || primary === 'pt') return primary;
  }
  return 'es';
}

function acceptLanguages(header: string): string[] {
  return header
    .split(',')
    .map((part) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag ?? '', q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((t) => t.tag && t.q > 0)
    .sort((a, b) => b.q - a.q)
    .map((t) => t.tag);
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface ConsentView {
  platform: Platform;
  language: ConsentLanguage;
  appName: string;
  scopes: string[];
  accounts: Account[];
  pendingId: string;
  nonce: string;
}

export function consentPage(v: ConsentView): string {
  const t = (key: string) => TEXTS[v.language][key]!.replace('{app}', v.appName).replace('{platform}', PLATFORM_NAMES[v.platform]);
  const scopes = v.scopes
    .map((s) => `<li>${escapeHtml(SCOPE_TEXTS[s]?.[v.language] ?? s)} <code>${escapeHtml(s)}</code></li>`)
    .join('');
  const options = v.accounts
    .map((a) => `<option value="${escapeHtml(a.id)}">@${escapeHtml(a.username)} (${escapeHtml(a.displayName)})</option>`)
    .join('');
  const accountField = v.accounts.length
    ? `<label for="account">${escapeHtml(t('account'))}</label> <select id="account" name="account">${options}</select>`
    : `<p role="alert">${escapeHtml(t('noAccounts'))}</p>`;
  return `<!doctype html>
<html lang="${HTML_LANG[v.language]}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(t('title'))}</title>
<style nonce="${v.nonce}">
body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#111}
.test{background:#fff4ce;border:1px solid #e0c060;padding:.5rem;border-radius:.4rem;font-size:.9rem}
button{font-size:1rem;padding:.6rem 1.2rem;margin:.3rem .5rem 0 0;border-radius:.4rem;border:1px solid #555;cursor:pointer}
button[value=allow]{background:#1a56db;color:#fff;border-color:#1a56db}
select{font-size:1rem;padding:.3rem}
</style></head>
<body>
<p class="test">${escapeHtml(t('testMode'))}</p>
<h1>${escapeHtml(t('title'))}</h1>
<p>${escapeHtml(t('asks'))}</p>
<ul>${scopes}</ul>
<form method="post">
<input type="hidden" name="pending" value="${escapeHtml(v.pendingId)}">
<p>${accountField}</p>
<button type="submit" name="decision" value="allow"${v.accounts.length ? '' : ' disabled'}>${escapeHtml(t('allow'))}</button>
<button type="submit" name="decision" value="deny">${escapeHtml(t('deny'))}</button>
</form>
</body></html>`;
}
