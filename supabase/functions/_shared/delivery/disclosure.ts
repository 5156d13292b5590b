// Whether a post discloses the paid partnership (decision 0055). A campaign states its rule as a list of
// hashtags, any one of which is enough; by default #ad, #publi and #publicidad (en, pt-BR and es forms;
// sources in the decision record). A platform's own paid-partnership label,
// where its API exposes it, satisfies any rule.

export const DEFAULT_DISCLOSURE_TAGS: readonly string[] = ['ad', 'publi', 'publicidad'];

export interface DisclosureInput {
  /** Caption, title and description, as the platform returns them. */
  texts: ReadonlyArray<string | null | undefined>;
  /** The platform's paid-partnership / branded-content flag, when its API reports one; null when it does not. */
  paidPartnershipLabel: boolean | null;
}

/** Lower-cased tag without '#', accents folded so #publicidád and #publicidad are one tag. */
export function normaliseTag(tag: string): string {
  return tag.replace(/^#/, '').normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/** The hashtags in a text: '#' followed by letters/digits/underscore, not preceded by a word character. */
export function hashtagsIn(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/(?<![\p{L}\p{N}_&])[#＃]([\p{L}\p{M}\p{N}_]+)/gu)) out.push(normaliseTag(m[1]!));
  return out;
}

export function disclosureFound(input: DisclosureInput, tags: readonly string[] = DEFAULT_DISCLOSURE_TAGS): { ok: boolean; via: 'label' | 'hashtag' | null; tag: string | null } {
  if (input.paidPartnershipLabel === true) return { ok: true, via: 'label', tag: null };
  const wanted = new Set((tags.length > 0 ? tags : DEFAULT_DISCLOSURE_TAGS).map(normaliseTag));
  for (const text of input.texts) {
    if (!text) continue;
    const hit = hashtagsIn(text).find((t) => wanted.has(t));
    if (hit) return { ok: true, via: 'hashtag', tag: hit };
  }
  return { ok: false, via: null, tag: null };
}
