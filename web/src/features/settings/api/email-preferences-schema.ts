import { z } from 'zod';
import { MESSAGE_FREQUENCIES, type MessageFrequency } from '../utils/email-categories';

/** The rule messages of the Notifications form (English identifiers, said through settings.email.validation.*). */
export const emailPreferenceMessages = {
  messages: 'Messages must be instant, daily or off',
} as const;

/** The Notifications tab: one switch per category and how often message emails come. */
export const emailPreferencesSchema = z.object({
  applications: z.boolean(),
  work: z.boolean(),
  payments: z.boolean(),
  disputesReviews: z.boolean(),
  messages: z.enum(MESSAGE_FREQUENCIES, emailPreferenceMessages.messages),
});
export type EmailPreferencesValues = z.output<typeof emailPreferencesSchema>;

/** What api.my_email_preferences answers, as the form reads it. */
export interface StoredEmailPreferences {
  applications: boolean;
  work: boolean;
  payments: boolean;
  disputes_reviews: boolean;
  messages: string;
}

/** The stored preferences as the form's values; a frequency the form does not know reads as the default. */
export function toFormValues(stored: StoredEmailPreferences): EmailPreferencesValues {
  const messages = (MESSAGE_FREQUENCIES as readonly string[]).includes(stored.messages) ? (stored.messages as MessageFrequency) : 'instant';
  return { applications: stored.applications, work: stored.work, payments: stored.payments, disputesReviews: stored.disputes_reviews, messages };
}

/** The form's values as api.set_email_preferences takes them (all five at once). */
export function toSaveArgs(values: EmailPreferencesValues) {
  return {
    applications: values.applications,
    work: values.work,
    payments: values.payments,
    disputes_reviews: values.disputesReviews,
    messages: values.messages,
  };
}
