// The double's hosted payout onboarding, as the stack suites drive it (a creator's browser posting the form).
export { TEST_BANK_VALUES } from '../local/stripe/bank-test-values.ts';
export { openForm, postForm } from '../local/stripe/fixtures/v2-harness.ts';
