import { cn } from '@/components/ui/cn';
import type { ChartData, ValueFormat } from './types';

/**
 * The chart's figures as a table: what screen readers read instead of the SVG, and what anyone can open
 * with "Show as table". Visually hidden (not display:none) while closed, so it is always in the page's text.
 */
export function ChartTable({ id, caption, bucketHeader, data, format, visible }: {
  id: string;
  caption: string;
  bucketHeader: string;
  data: ChartData;
  format: ValueFormat;
  visible: boolean;
}) {
  return (
    // Open, it may scroll sideways on a phone: focusable then, so keyboards can scroll it (axe: scrollable-region-focusable).
    <div
      id={id}
      className={cn(visible ? 'mt-4 overflow-x-auto focus-visible:outline-2 focus-visible:outline-brand-600' : 'sr-only')}
      {...(visible ? { role: 'region', 'aria-label': caption, tabIndex: 0 } : {})}
    >
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-left text-xs font-semibold text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2">{bucketHeader}</th>
            {data.series.map((s) => (
              <th key={s.key} scope="col" className="px-3 py-2 text-right">{s.label}</th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.buckets.map((bucket, i) => (
            <tr key={bucket}>
              <th scope="row" className="px-3 py-1.5 text-left font-medium whitespace-nowrap text-slate-700">{bucket}</th>
              {data.series.map((s) => (
                <td key={s.key} className="px-3 py-1.5 text-right whitespace-nowrap text-slate-900 tabular-nums">{format(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
