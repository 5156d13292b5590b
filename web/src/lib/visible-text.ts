/**
 * Characters that show nothing: whitespace, control characters, zero-width and other invisible format
 * characters (U+200B..U+200F, U+2060.., U+FEFF, bidi marks, fillers, variation selectors, tags). The same
 * set as the database's app.visible_text, which refuses required text made only of them.
 */
const INVISIBLE =
  /[\s\p{Cc}\u0085\u00a0\u00ad\u034f\u061c\u115f\u1160\u1680\u17b4\u17b5\u180e\u2000-\u200f\u2028-\u202f\u205f-\u206f\u2800\u3000\u3164\ufe00-\ufe0f\ufeff\uffa0\u{e0000}-\u{e007f}]/gu;

/** The text without its invisible characters. */
export function visibleText(value: string): string {
  return value.replace(INVISIBLE, '');
}

/** True when the text shows something: at least one visible character. */
export function hasVisibleText(value: string): boolean {
  return visibleText(value).length > 0;
}

/**
 * A link as the database stores it: '' when blank, a bare domain ("glowlab.com/es") gains https://, and
 * null when it is not then an absolute http(s) URL (javascript:, data:, //host, ...), which the database
 * refuses too (app.web_url).
 */
export function normalizeWebUrl(value: string): string | null {
  const v = value.trim();
  if (!hasVisibleText(v)) return '';
  const bareHost = /^[a-z0-9\u00a1-\uffff][-a-z0-9\u00a1-\uffff]*(\.[-a-z0-9\u00a1-\uffff]+)+(:[0-9]{1,5})?([/?#][^\s\p{Cc}]*)?$/iu;
  const url = bareHost.test(v) && v.length <= 1990 ? `https://${v}` : v;
  return /^https?:\/\/[^\s\p{Cc}/?#\\@[\]]+([/?#][^\s\p{Cc}]*)?$/iu.test(url) && url.length <= 2000 ? url : null;
}
