import { forwardRef, type SelectHTMLAttributes } from 'react';
import { controlClasses, Field, fieldAria, useFieldIds, type FieldProps } from './field';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectFieldProps extends SelectHTMLAttributes<HTMLSelectElement>, FieldProps {
  /** The choices; alternatively pass <option> children. */
  options?: SelectOption[];
}

/**
 * A labelled native select (keyboard and screen-reader behaviour for free, a real picker on phones) with
 * hint and error (see Field); works with `register()`.
 */
export const SelectField = forwardRef<HTMLSelectElement, SelectFieldProps>(function SelectField(
  { label, options, error, hint, id, className, children, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} className={className}>
      <select ref={ref} {...fieldAria(ids, error)} className={controlClasses(error, 'h-10')} {...rest}>
        {options?.map((o) => (
          <option key={o.value} value={o.value} disabled={o.disabled}>
            {o.label}
          </option>
        ))}
        {children}
      </select>
    </Field>
  );
});
