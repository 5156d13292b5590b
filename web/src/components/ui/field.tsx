import { useId, type ReactNode } from 'react';
import { cn } from './cn';

/** What every labelled control takes besides its own attributes. */
export interface FieldProps {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** The ids that tie a control to its label, hint and error, and the aria-describedby that lists them. */
export interface FieldIds {
  inputId: string;
  hintId: string | undefined;
  errorId: string | undefined;
  describedBy: string | undefined;
}

/** Ids for a control: the caller's id when given, else a generated one; hint and error ids only when shown. */
export function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined): FieldIds {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

/** The attributes that announce a control's state: invalid while it has an error, described by hint and error. */
export function fieldAria(ids: FieldIds, error: string | undefined) {
  return { id: ids.inputId, 'aria-invalid': error ? true : undefined, 'aria-describedby': ids.describedBy } as const;
}

/** The border and colours every boxed control shares; red while the field has an error. */
export function controlClasses(error: string | undefined, className: string): string {
  return cn('mt-1 block w-full rounded-md border bg-white px-3 text-sm text-slate-900', error ? 'border-red-500' : 'border-slate-300', className);
}

/**
 * Label, hint and error around a control, wired through aria-describedby so a screen reader reads the
 * validation message when the control gets focus. The control itself is the child (see TextField).
 */
export function Field({ ids, label, hint, error, className, children }: FieldProps & { ids: FieldIds; className?: string | undefined; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={ids.inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      {hint && (
        <p id={ids.hintId} className="mt-1 text-xs text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={ids.errorId} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
