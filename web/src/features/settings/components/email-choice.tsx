import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

/** One category of email, on or off: a checkbox drawn (and announced) as a switch, its name and what it covers. */
export function EmailSwitch({ label, hint, register }: { label: string; hint: string; register: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 py-3">
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-900">
          {label}
        </label>
        <p id={`${id}-hint`} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
      <input
        id={id}
        type="checkbox"
        role="switch"
        aria-describedby={`${id}-hint`}
        className="relative mt-0.5 h-6 w-11 shrink-0 cursor-pointer appearance-none rounded-full bg-slate-500 transition-colors before:absolute before:top-0.5 before:left-0.5 before:size-5 before:rounded-full before:bg-white before:shadow before:transition-transform checked:bg-brand-600 checked:before:translate-x-5 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
        {...register}
      />
    </div>
  );
}

/** One way to get message emails: a radio card with its name and what it means. */
export function FrequencyOption({ value, label, hint, register }: { value: string; label: string; hint: string; register: UseFormRegisterReturn }) {
  const id = useId();
  return (
    <label htmlFor={id} className="flex cursor-pointer items-start gap-3 rounded-md border border-slate-200 p-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50">
      <input id={id} type="radio" value={value} aria-describedby={`${id}-hint`} className="mt-0.5 size-4 shrink-0 accent-brand-600" {...register} />
      <span>
        <span className="block text-sm font-medium text-slate-900">{label}</span>
        <span id={`${id}-hint`} className="block text-xs text-slate-600">
          {hint}
        </span>
      </span>
    </label>
  );
}
