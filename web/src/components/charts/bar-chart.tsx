import { AxisBottom, AxisLeft } from '@visx/axis';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { useState } from 'react';
import { chartColours } from './palette';
import { maxValue } from './series';
import type { ChartData, ValueFormat } from './types';
import { useWidth } from './use-width';

// The right margin leaves room for half of the last bucket's label ("Nov 2026"), centred under its bar.
const MARGIN = { top: 12, right: 28, bottom: 32 };
const AXIS = '#475569'; // slate-600: 7:1 on white, for the axis labels

export interface BarChartProps {
  data: ChartData;
  format: ValueFormat;
  /** Stacked when the series add up to a whole (sign-ups by role); side by side otherwise. */
  stacked?: boolean;
  height?: number;
}

/**
 * Bars drawn with visx (SVG): this file is the only one importing it, and ChartCard loads it lazily, so
 * visx reaches only the screens that draw charts. The SVG is hidden from screen readers: the card's summary
 * and table say the same. Hovering or tapping a bucket shows its values in a tooltip.
 */
export default function BarChart({ data, format, stacked = false, height = 240 }: BarChartProps) {
  const { ref, width } = useWidth<HTMLDivElement>();
  const [active, setActive] = useState<number | null>(null);
  const innerHeight = height - MARGIN.top - MARGIN.bottom;
  const y = scaleLinear<number>({ domain: [0, maxValue(data, stacked)], range: [innerHeight, 0], nice: true });
  // Room for the longest y label ("US$1,500.00" in Spanish is wider than "$1,500.00"), about 6.5 px a character at 11 px.
  const left = 14 + 6.5 * Math.max(...y.ticks(4).map((t) => format(t).length), 1);
  const innerWidth = Math.max(width - left - MARGIN.right, 0);
  const x = scaleBand<number>({ domain: data.buckets.map((_, i) => i), range: [0, innerWidth], padding: 0.25 });
  const inner = scaleBand<number>({ domain: data.series.map((_, i) => i), range: [0, x.bandwidth()], padding: 0.1 });
  // One label every few buckets so they never overlap (about 56 px each).
  const every = Math.max(1, Math.ceil(data.buckets.length / Math.max(1, Math.floor(innerWidth / 56))));
  const colours = chartColours(data.series.map((s) => s.key));
  const tip = active == null ? null : { i: active, left: left + (x(active) ?? 0) + x.bandwidth() / 2 };

  return (
    <div ref={ref} className="relative w-full" onMouseLeave={() => setActive(null)}>
      {width > 0 && (
        <svg width={width} height={height} aria-hidden="true" focusable="false">
          <Group left={left} top={MARGIN.top}>
            {y.ticks(4).map((t) => (
              <line key={t} x1={0} x2={innerWidth} y1={y(t)} y2={y(t)} stroke="#e2e8f0" />
            ))}
            {data.buckets.map((_, i) => {
              let base = 0;
              return data.series.map((s, si) => {
                const v = s.values[i] ?? 0;
                const left = (x(i) ?? 0) + (stacked ? 0 : (inner(si) ?? 0));
                const top = y(base + v);
                const barHeight = y(base) - top;
                if (stacked) base += v;
                // A quiet bucket draws nothing (the axis shows its 0), rather than an invisible bar.
                if (v === 0) return null;
                return (
                  <Bar
                    key={`${i}-${s.key}`}
                    x={left}
                    y={top}
                    width={stacked ? x.bandwidth() : inner.bandwidth()}
                    height={Math.max(barHeight, 0)}
                    fill={colours[si]}
                    opacity={active == null || active === i ? 1 : 0.55}
                  />
                );
              });
            })}
            {data.buckets.map((_, i) => (
              <rect
                key={`hit-${i}`}
                data-bucket={i}
                x={(x(i) ?? 0) - (x.step() - x.bandwidth()) / 2}
                y={0}
                width={x.step()}
                height={innerHeight}
                fill="transparent"
                onMouseEnter={() => setActive(i)}
                onClick={() => setActive(i)}
              />
            ))}
            <AxisLeft scale={y} numTicks={4} tickFormat={(v) => format(Number(v))} stroke={AXIS} tickStroke={AXIS}
              tickLabelProps={{ fill: AXIS, fontSize: 11, textAnchor: 'end', dx: -4 }} />
            <AxisBottom top={innerHeight} scale={x} stroke={AXIS} tickStroke={AXIS}
              tickValues={data.buckets.map((_, i) => i).filter((i) => i % every === 0)}
              tickFormat={(i) => data.buckets[Number(i)] ?? ''}
              tickLabelProps={{ fill: AXIS, fontSize: 11, textAnchor: 'middle' }} />
          </Group>
        </svg>
      )}
      {tip && (
        <div
          className="pointer-events-none absolute top-0 z-10 min-w-36 -translate-x-1/2 rounded-md border border-slate-200 bg-white px-3 py-2 text-xs shadow-md"
          style={{ left: Math.min(Math.max(tip.left, 80), Math.max(width - 80, 80)) }}
          data-testid="chart-tooltip"
        >
          <p className="font-semibold text-slate-900">{data.buckets[tip.i]}</p>
          <ul className="mt-1 space-y-0.5">
            {data.series.map((s, si) => (
              <li key={s.key} className="flex items-center justify-between gap-3 text-slate-700">
                <span className="flex items-center gap-1.5">
                  <span aria-hidden="true" className="inline-block size-2.5 rounded-sm" style={{ background: colours[si] }} />
                  {s.label}
                </span>
                <span className="font-medium text-slate-900 tabular-nums">{format(s.values[tip.i] ?? 0)}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
