import type { RelatedObject } from './v2-objects.ts';

/** Where each v2 object is fetched, as an event's `related_object` points at it. */
export const accountRef = (id: string): RelatedObject => ({ id, type: 'v2.core.account', url: `/v2/core/accounts/${id}` });

export const payoutMethodRef = (id: string): RelatedObject => ({
  id, type: 'v2.money_management.payout_method', url: `/v2/money_management/payout_methods/${id}`,
});

export const outboundPaymentRef = (id: string): RelatedObject => ({
  id, type: 'v2.money_management.outbound_payment', url: `/v2/money_management/outbound_payments/${id}`,
});
