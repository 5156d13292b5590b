import type { ReactNode } from 'react';
import { Card } from './card';

/**
 * A new user's guided empty state: what the screen is waiting for, the steps ahead in order, and the
 * links that start them. Shown in place of figures and lists that would all read zero.
 */
export function FirstSteps({ title, lead, steps, actions }: { title: string; lead: string; steps: string[]; actions: ReactNode }) {
  return (
    <Card className="border-brand-200 bg-brand-50/40 p-6">
      <section aria-label={title}>
        <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-slate-600">{lead}</p>
        <ol className="mt-4 grid gap-3 sm:grid-cols-3">
          {steps.map((step, i) => (
            <li key={step} className="flex gap-3 rounded-md bg-white p-3 text-sm text-slate-700 shadow-sm">
              <span aria-hidden="true" className="flex h-6 w-6 shrink-0 items-center justify-center rounded-full bg-brand-600 text-xs font-bold text-white">
                {i + 1}
              </span>
              <span>{step}</span>
            </li>
          ))}
        </ol>
        <div className="mt-5 flex flex-wrap gap-3">{actions}</div>
      </section>
    </Card>
  );
}
