import { paths } from '@/config/paths';

/** Settings opened on its Payouts tab, where a creator sets up or fixes their payout account. */
export const PAYOUT_SETTINGS_HREF = `${paths.settings.getHref()}?tab=payouts`;
