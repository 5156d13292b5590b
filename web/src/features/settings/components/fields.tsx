import { forwardRef, useId, type ReactNode, type SelectHTMLAttributes, type TextareaHTMLAttributes } from 'react';
import { cn } from '@/components/ui/cn';

interface FieldChrome {
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
}

/** Label, hint and error around a control, wired through aria-describedby (like TextField). */
function useFieldIds(id: string | undefined, hint: ReactNode, error: string | undefined) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const hintId = hint ? `${inputId}-hint` : undefined;
  const errorId = error ? `${inputId}-error` : undefined;
  return { inputId, hintId, errorId, describedBy: [hintId, errorId].filter(Boolean).join(' ') || undefined };
}

function Chrome({ ids, label, hint, error, children, className }: FieldChrome & { ids: ReturnType<typeof useFieldIds>; children: ReactNode; className?: string | undefined }) {
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

/** A labelled multi-line input that works with react-hook-form's `register()`. */
export const TextareaField = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement> & FieldChrome>(function TextareaField(
  { label, error, hint, id, className, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Chrome ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea
        ref={ref}
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn('mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900', error ? 'border-red-500' : 'border-slate-300')}
        {...rest}
      />
    </Chrome>
  );
});

/** A labelled native select that works with react-hook-form's `register()`. */
export const SelectField = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement> & FieldChrome>(function SelectField(
  { label, error, hint, id, className, children, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Chrome ids={ids} label={label} hint={hint} error={error} className={className}>
      <select
        ref={ref}
        id={ids.inputId}
        aria-invalid={error ? true : undefined}
        aria-describedby={ids.describedBy}
        className={cn('mt-1 block h-10 w-full rounded-md border bg-white px-3 text-sm text-slate-900', error ? 'border-red-500' : 'border-slate-300')}
        {...rest}
      >
        {children}
      </select>
    </Chrome>
  );
});
