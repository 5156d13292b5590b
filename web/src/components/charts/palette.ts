/**
 * Series colours, in order. From Okabe and Ito's colour-blind-safe set (distinct under protanopia,
 * deuteranopia and tritanopia), with its green and purple darkened so every bar has at least 3:1 contrast
 * against the white card (WCAG 1.4.11); the light yellow and sky blue of the set are left out for the same
 * reason. The legend, the tooltip and the table name each series, so colour is never the only cue.
 */
export const SERIES_COLOURS = ['#0072B2', '#D55E00', '#007A5E', '#AA4499', '#8F6B00'] as const;

export function seriesColour(index: number): string {
  return SERIES_COLOURS[index % SERIES_COLOURS.length]!;
}
