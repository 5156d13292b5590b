import type { MessageValues } from './message-values';

/**
 * A message whose value already ends a sentence's period ("7:07 p.m.", "Inc.") right before the message's
 * own period would read "p.m.." (issue 32, item 9): the message's period is dropped there. Only a value's
 * own last period followed by one more is touched, so an ellipsis of the message itself stays.
 */
export function withoutDoubledPeriod(message: string, values?: MessageValues): string {
  if (!values) return message;
  let out = message;
  for (const value of Object.values(values)) {
    if (typeof value !== 'string' || !value.endsWith('.') || value.endsWith('..')) continue;
    out = out.split(`${value}.`).join(value);
  }
  return out;
}
