import type { HTMLAttributes } from 'react';
import { cn } from './cn';

/** A white panel with a border; the building block of dashboards. */
export function Card({ className, ...rest }: HTMLAttributes<HTMLDivElement>) {
  return <div className={cn('rounded-lg border border-slate-200 bg-white shadow-sm', className)} {...rest} />;
}
