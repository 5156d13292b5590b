import type { CaughtMail } from './catcher.ts';

/**
 * Schemes a link may have to be listed. Anything else (javascript:, data:, vbscript:) would run or render
 * inside the viewer's own origin when clicked from the "Links in this email" list, so it is dropped.
 */
const SAFE_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

const ANCHOR_HREF = /<a\b[^>]*?\shref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;
// Stops at whitespace, quotes and brackets; trailing sentence punctuation is trimmed afterwards.
const TEXT_URL = /https?:\/\/[^\s<>"'()[\]{}]+/gi;

/** The links a reader can follow: the HTML part's anchors, or the URLs written in the text when there is none. */
export function mailLinks(mail: Pick<CaughtMail, 'html' | 'text'>): string[] {
  const found = mail.html ? htmlHrefs(mail.html) : textUrls(mail.text);
  return [...new Set(found)].filter(isSafeLink);
}

function htmlHrefs(html: string): string[] {
  return [...html.matchAll(ANCHOR_HREF)].map((m) => decodeEntities((m[1] ?? m[2] ?? m[3] ?? '').trim()));
}

function textUrls(text: string): string[] {
  return [...text.matchAll(TEXT_URL)].map((m) => m[0].replace(/[.,;:!?]+$/, ''));
}

function isSafeLink(href: string): boolean {
  try {
    return SAFE_SCHEMES.has(new URL(href).protocol);
  } catch {
    return false;
  }
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0' };

/** An attribute's text as the browser reads it: a recovery link's `&amp;type=recovery` is `&type=recovery`. */
export function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? whole;
    const code = ref[1] === 'x' || ref[1] === 'X' ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
