import type { ReactNode } from 'react';
import { Card } from './card';

/** One figure of a dashboard: a label, its value and an optional hint, as a term and its description. */
export function StatCard({ label, value, hint, icon }: { label: string; value: ReactNode; hint?: ReactNode; icon?: ReactNode }) {
  return (
    <Card className="p-5">
      <div className="flex items-start justify-between gap-3">
        <dl>
          <dt className="text-sm font-medium text-slate-600">{label}</dt>
          <dd className="mt-1 text-2xl font-semibold text-slate-900">{value}</dd>
          {hint && <dd className="mt-1 text-xs text-slate-600">{hint}</dd>}
        </dl>
        {icon && <span aria-hidden="true" className="rounded-md bg-brand-50 p-2 text-brand-600">{icon}</span>}
      </div>
    </Card>
  );
}
