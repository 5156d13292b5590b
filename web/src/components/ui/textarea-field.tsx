import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { controlClasses, Field, fieldAria, useFieldIds, type FieldProps } from './field';

export interface TextAreaFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement>, FieldProps {}

/** A labelled multi-line input with hint and error (see Field); works with `register()`. */
export const TextAreaField = forwardRef<HTMLTextAreaElement, TextAreaFieldProps>(function TextAreaField(
  { label, error, hint, id, className, rows = 4, ...rest },
  ref,
) {
  const ids = useFieldIds(id, hint, error);
  return (
    <Field ids={ids} label={label} hint={hint} error={error} className={className}>
      <textarea ref={ref} rows={rows} {...fieldAria(ids, error)} className={controlClasses(error, 'py-2 placeholder:text-slate-400')} {...rest} />
    </Field>
  );
});
