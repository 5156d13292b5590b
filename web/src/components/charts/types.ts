/** What every chart draws: buckets along the x axis (weeks, months or steps) and one or more series. */
export interface ChartData {
  /** Each bucket's label as the reader reads it ("Nov 3", "nov 2026", "Accepted"). */
  buckets: string[];
  series: ChartSeries[];
}

export interface ChartSeries {
  key: string;
  /** The series' name in the reader's language, shown in the legend, the tooltip and the table. */
  label: string;
  /** One value per bucket, in the bucket order (0 for a quiet one, never missing). */
  values: number[];
}

/** How one value is written (money with two decimals, a count as an integer), in the reader's language. */
export type ValueFormat = (value: number) => string;
