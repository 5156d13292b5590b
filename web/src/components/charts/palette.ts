/**
 * Series colours. From Okabe and Ito's colour-blind-safe set (distinct under protanopia, deuteranopia and
 * tritanopia), with its green and purple darkened so every bar has at least 3:1 contrast against the white
 * card (WCAG 1.4.11); the light yellow and sky blue of the set are left out for the same reason. The
 * legend, the tooltip and the table name each series, so colour is never the only cue.
 *
 * A series that means something good, bad, waiting or stopped is drawn in that meaning's colour on every
 * chart (issue 32, item 9: a creator's rejections were green because green happened to be third).
 */
export const MEANING_COLOURS = {
  good: '#007A5E',
  bad: '#D55E00',
  waiting: '#8F6B00',
  stopped: '#64748B',
} as const;

/** What each series key of the app's charts means; a key not listed here has no meaning to keep. */
const MEANING: Record<string, keyof typeof MEANING_COLOURS> = {
  accepted: 'good',
  approved: 'good',
  released: 'good',
  earned: 'good',
  rejected: 'bad',
  refunded: 'bad',
  pending: 'waiting',
  inEscrow: 'waiting',
  canceled: 'stopped',
};

/** For series without a meaning, in order: never the good or bad colour, so they cannot be misread. */
const NEUTRAL = ['#0072B2', '#AA4499', '#1E293B', MEANING_COLOURS.waiting, MEANING_COLOURS.stopped] as const;

/** One colour per series key, in the series' order: its meaning's, else the first neutral one not taken. */
export function chartColours(keys: readonly string[]): string[] {
  const meant = keys.map((k) => (MEANING[k] ? MEANING_COLOURS[MEANING[k]] : undefined));
  const taken = new Set<string>(meant.filter((c) => c !== undefined));
  const used = new Set<string>();
  return meant.map((colour, i) => {
    // Two series of one meaning in a chart (earned and paid out are both good): the second takes a neutral one.
    const pick = colour && !used.has(colour) ? colour : (NEUTRAL.find((n) => !taken.has(n) && !used.has(n)) ?? NEUTRAL[i % NEUTRAL.length]!);
    used.add(pick);
    return pick;
  });
}
