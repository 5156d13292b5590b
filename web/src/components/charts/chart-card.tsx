import { lazy, type ReactNode, Suspense, useId, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { ChartTable } from './chart-table';
import { chartColours } from './palette';
import { isAllZero } from './series';
import type { ChartData, ValueFormat } from './types';

// visx only arrives with the first chart drawn: /auth and /campaigns never load it (bundle budget, 0006).
const BarChart = lazy(() => import('./bar-chart'));

/** The words a chart card shows around the figures, in the reader's language (charts own no catalog). */
export interface ChartTexts {
  loading: string;
  error: string;
  retry: string;
  empty: string;
  showTable: string;
  hideTable: string;
  /** The first column of the table: "Week", "Month", "Step". */
  bucketHeader: string;
}

export interface ChartCardProps {
  title: string;
  /** The visible sentence that says what the chart shows, for everyone (and the text alternative). */
  summary?: string;
  data?: ChartData;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  format: ValueFormat;
  stacked?: boolean;
  texts: ChartTexts;
}

/**
 * A titled chart with its summary sentence, legend, bars and the table alternative, or its loading, error
 * and empty states. All figures come from the caller (an api function's series), never computed here.
 */
export function ChartCard({ title, summary, data, isPending, isError, onRetry, format, stacked, texts }: ChartCardProps) {
  const id = useId();
  const [showTable, setShowTable] = useState(false);
  const headingId = `${id}-title`;
  const tableId = `${id}-table`;
  // The legend's colours are the bars': each series keeps its meaning's colour (palette.ts).
  const colours = chartColours(data?.series.map((s) => s.key) ?? []);
  let body: ReactNode;
  if (isPending) body = <div className="flex h-40 items-center justify-center text-brand-600"><Spinner label={texts.loading} /></div>;
  else if (isError || !data)
    body = (
      <div className="py-6">
        <p role="alert" className="text-sm text-red-800">{texts.error}</p>
        <button type="button" onClick={onRetry} className="mt-2 text-sm font-medium text-brand-700 underline">{texts.retry}</button>
      </div>
    );
  else if (isAllZero(data)) body = <p className="py-8 text-center text-sm text-slate-600">{texts.empty}</p>;
  else
    body = (
      <>
        <ul className="mb-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700" aria-hidden="true">
          {data.series.map((s, i) => (
            <li key={s.key} className="flex items-center gap-1.5">
              <span className="inline-block size-3 rounded-sm" style={{ background: colours[i] }} />
              {s.label}
            </li>
          ))}
        </ul>
        <Suspense fallback={<div className="flex h-60 items-center justify-center text-brand-600"><Spinner label={texts.loading} /></div>}>
          <BarChart data={data} format={format} stacked={stacked} />
        </Suspense>
        <button type="button" aria-expanded={showTable} aria-controls={tableId} onClick={() => setShowTable((v) => !v)}
          className="mt-2 text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          {showTable ? texts.hideTable : texts.showTable}
        </button>
        <ChartTable id={tableId} caption={title} bucketHeader={texts.bucketHeader} data={data} format={format} visible={showTable} />
      </>
    );
  return (
    <Card className="p-5" aria-labelledby={headingId} role="figure">
      <h3 id={headingId} className="text-base font-semibold text-slate-900">{title}</h3>
      {summary && !isPending && !isError && <p className="mt-1 text-sm text-slate-600">{summary}</p>}
      <div className="mt-3" aria-busy={isPending}>{body}</div>
    </Card>
  );
}
