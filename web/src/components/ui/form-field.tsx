import { forwardRef, type InputHTMLAttributes } from 'react';
import { controlClasses, Field, fieldAria, useFieldIds, type FieldProps } from './field';

export interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement>, FieldProps {}

/** A labelled input with its hint and error (see Field). Works with react-hook-form's `register()`. */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField({ label, error, hint, id, className, ...rest }, ref) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} className={className}>
      <input ref={ref} {...fieldAria(ids, error)} className={controlClasses(error, 'h-10 placeholder:text-slate-400')} {...rest} />
    </Field>
  );
});
