import { FORMAT_TAG as TAG, type Locale } from '@/i18n/locales';
import type { PayoutAccountStatus } from '../api/payout-account';

// Shared with the sign-up form's country (the auth feature).
export { countryName, countryOptions } from '@/lib/country-names';

/** The select's value for "my country is not in the list". */
export const OTHER_COUNTRY = 'other';


/** "Argentina, Brazil and Chile" / "Argentina, Brasil y Chile". */
export function countryList(names: readonly string[], locale: Locale): string {
  return new Intl.ListFormat(TAG[locale], { style: 'long', type: 'conjunction' }).format(names);
}

/** Where Stripe's hosted onboarding sent the creator back: done (`return`) or with an expired link (`refresh`). */
export function onboardingOutcome(param: string | null): 'return' | 'refresh' | null {
  return param === 'return' || param === 'refresh' ? param : null;
}

/** What the bank-details button does for an account in this state. */
export function setupAction(status: PayoutAccountStatus | string | null): 'setUp' | 'continue' | 'update' {
  if (status === 'onboarding') return 'continue';
  if (status === 'active' || status === 'needs_attention') return 'update';
  return 'setUp';
}

/** The state the account card shows; an unknown status reads as not set up rather than as active. */
export function accountState(status: string | null): PayoutAccountStatus | 'none' {
  return status === 'onboarding' || status === 'active' || status === 'needs_attention' ? status : 'none';
}
