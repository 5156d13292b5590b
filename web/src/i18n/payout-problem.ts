import { commonCatalog } from './common-catalog';
import { useT } from './use-t';

/** Stripe's reasons (and ours) a payout can fail or an account stop being payable, each with its text. */
const KNOWN = new Set([
  'payout_method_does_not_exist',
  'payout_method_closed',
  'payout_method_invalid_account_number',
  'payout_method_holder_name_incorrect',
  'payout_method_holder_details_incorrect',
  'payout_method_declined',
  'payout_method_restricted',
  'payout_method_currency_unsupported',
  'bank_account_invalid',
]);

/**
 * Why a payout failed, in the reader's language, from the code the database keeps (Stripe's
 * `status_details` reason, or `bank_account_invalid`); a code we do not know reads as the generic text.
 */
export function usePayoutProblem(): (code: string | null | undefined) => string {
  const { t } = useT(commonCatalog);
  return (code) => t(KNOWN.has(code ?? '') ? (`common.payoutProblem.${code}` as 'common.payoutProblem.generic') : 'common.payoutProblem.generic');
}
