/**
 * The delivered posts' results of a campaign (api.campaign_delivery_results, decision 0055) summed per
 * creator and for the campaign. Costs are the hires' amounts in cents; a metric no snapshot reported stays
 * null through the sums (a creator whose views are unknown does not count as 0 views), and a cost per
 * view is computed only over the posts whose views are known, so an unknown never lowers the cost.
 */
export interface DeliveryResultRow {
  creator_id: string;
  creator_name: string | null;
  views: number | string | null;
  reach: number | string | null;
  engagements: number | string | null;
  cost_cents: number | string | null;
}

export interface DeliveryTotals {
  views: number | null;
  reach: number | null;
  engagements: number | null;
  costCents: number;
  /** Cents per view over the posts with known views and cost. */
  costPerViewCents: number | null;
  costPerEngagementCents: number | null;
}

const n = (v: number | string | null): number | null => (v === null || v === '' ? null : Number(v));

function sumKnown(values: Array<number | null>): number | null {
  const known = values.filter((v): v is number => v !== null && Number.isFinite(v));
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
}

/** Cost over the rows where both the metric and the cost are known; null when nothing is, or the metric is 0. */
function costPer(rows: DeliveryResultRow[], metric: 'views' | 'engagements'): number | null {
  const usable = rows.filter((r) => n(r[metric]) !== null && n(r.cost_cents) !== null);
  const total = sumKnown(usable.map((r) => n(r[metric])));
  if (!total) return null;
  return (sumKnown(usable.map((r) => n(r.cost_cents))) ?? 0) / total;
}

export function totalsOf(rows: DeliveryResultRow[]): DeliveryTotals {
  return {
    views: sumKnown(rows.map((r) => n(r.views))),
    reach: sumKnown(rows.map((r) => n(r.reach))),
    engagements: sumKnown(rows.map((r) => n(r.engagements))),
    costCents: sumKnown(rows.map((r) => n(r.cost_cents))) ?? 0,
    costPerViewCents: costPer(rows, 'views'),
    costPerEngagementCents: costPer(rows, 'engagements'),
  };
}

/** One line per creator (a creator may deliver several posts on a campaign), in the rows' order. */
export function byCreator(rows: DeliveryResultRow[]): Array<{ creatorId: string; name: string | null } & DeliveryTotals> {
  const groups = new Map<string, DeliveryResultRow[]>();
  for (const r of rows) groups.set(r.creator_id, [...(groups.get(r.creator_id) ?? []), r]);
  return [...groups.entries()].map(([creatorId, rs]) => ({ creatorId, name: rs[0]?.creator_name ?? null, ...totalsOf(rs) }));
}

/** "$0.05" for cents per unit, two decimals; an em dash when unknown, never $0.00 for "no data". */
export function formatCostPer(cents: number | null): string {
  return cents === null ? '—' : `$${(cents / 100).toFixed(2)}`;
}

/** A count with separators, or an em dash when the platform reported none. */
export function formatCount(value: number | null, locale: string): string {
  return value === null ? '—' : value.toLocaleString(locale);
}
