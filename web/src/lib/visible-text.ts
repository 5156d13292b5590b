import { hasVisibleText } from '@contract/visible-text';

// The blank-text rule lives in the contract: the functions' body schemas use it too.
export { hasVisibleText, visibleText } from '@contract/visible-text';

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
