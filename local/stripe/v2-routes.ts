import { ACCOUNT_LINK_PARAMS, createAccountLink } from './account-links.ts';
import type { RequestInfo, StripeCore } from './core.ts';
import { getFinancialAccount, platformFinancialAccount, renderFinancialAccount } from './financial-account.ts';
import { JsonParams, type JsonObject } from './json-params.ts';
import { cancelOutboundPayment, createOutboundPayment, getOutboundPayment, listOutboundPayments, OUTBOUND_PAYMENT_PARAMS } from './outbound-payments.ts';
import { noSuch } from './stripe-error.ts';
import { ACCOUNT_CREATE_PARAMS, ACCOUNT_UPDATE_PARAMS, createAccount, getAccount, includeList, renderAccount, updateAccount } from './v2-accounts.ts';
import { v2Page } from './v2-lists.ts';
import type { PayoutMethod } from './v2-objects.ts';

/** One endpoint of the v2 subset (Global Payouts and thin events). */
export interface V2Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  params: readonly string[];
  run(core: StripeCore, ids: string[], p: JsonParams, req: RequestInfo): unknown;
}

const LIST = ['limit', 'page'];

/** Payout methods live in the recipient's account: v2 reaches them with `Stripe-Context: acct_...`. */
function payoutMethodsOf(core: StripeCore, req: RequestInfo): PayoutMethod[] {
  const account = req.context;
  return Object.values(core.store.state.payoutMethods)
    .reverse()
    .filter((m) => m.account === account)
    .map((m) => m.method);
}

export const V2_ROUTES: readonly V2Route[] = [
  { method: 'POST', pattern: /^\/v2\/core\/accounts$/, params: ACCOUNT_CREATE_PARAMS, run: (core, _ids, p, req) => createAccount(core, p, req) },
  {
    method: 'GET', pattern: /^\/v2\/core\/accounts$/, params: [...LIST, 'applied_configurations', 'closed'],
    run(core, _ids, p) {
      const configs = p.list('applied_configurations');
      const closed = p.bool('closed');
      const all = Object.values(core.store.state.accounts)
        .reverse()
        .filter((a) => (!configs || configs.every((c) => (a.applied_configurations as string[]).includes(c))) && (closed === undefined || a.closed === closed));
      const page = v2Page(all, p, '/v2/core/accounts', { applied_configurations: configs });
      return { ...page, data: page.data.map((a) => renderAccount(a, [])) };
    },
  },
  {
    method: 'GET', pattern: /^\/v2\/core\/accounts\/([^/]+)$/, params: ['include'],
    run(core, [id], p) {
      const include = includeList(p);
      return renderAccount(getAccount(core, id!), include);
    },
  },
  { method: 'POST', pattern: /^\/v2\/core\/accounts\/([^/]+)$/, params: ACCOUNT_UPDATE_PARAMS, run: (core, [id], p, req) => updateAccount(core, id!, p, req) },
  { method: 'POST', pattern: /^\/v2\/core\/account_links$/, params: ACCOUNT_LINK_PARAMS, run: (core, _ids, p) => createAccountLink(core, p) },
  {
    method: 'GET', pattern: /^\/v2\/money_management\/financial_accounts$/, params: [...LIST, 'statuses'],
    run(core, _ids, p) {
      const statuses = p.list('statuses');
      const all = statuses && !statuses.includes('open') ? [] : [platformFinancialAccount(core)];
      const page = v2Page(all, p, '/v2/money_management/financial_accounts', { statuses });
      return { ...page, data: page.data.map((fa) => renderFinancialAccount(core, fa)) };
    },
  },
  {
    method: 'GET', pattern: /^\/v2\/money_management\/financial_accounts\/([^/]+)$/, params: [],
    run: (core, [id]) => renderFinancialAccount(core, getFinancialAccount(core, id!)),
  },
  { method: 'POST', pattern: /^\/v2\/money_management\/outbound_payments$/, params: OUTBOUND_PAYMENT_PARAMS, run: (core, _ids, p, req) => createOutboundPayment(core, p, req) },
  {
    method: 'GET', pattern: /^\/v2\/money_management\/outbound_payments$/, params: [...LIST, 'recipient', 'status'],
    run(core, _ids, p) {
      const recipient = p.string('recipient');
      const status = p.list('status');
      return v2Page(listOutboundPayments(core, recipient, status), p, '/v2/money_management/outbound_payments', { recipient, status });
    },
  },
  { method: 'GET', pattern: /^\/v2\/money_management\/outbound_payments\/([^/]+)$/, params: [], run: (core, [id]) => getOutboundPayment(core, id!) },
  { method: 'POST', pattern: /^\/v2\/money_management\/outbound_payments\/([^/]+)\/cancel$/, params: [], run: (core, [id], _p, req) => cancelOutboundPayment(core, id!, req) },
  {
    method: 'GET', pattern: /^\/v2\/money_management\/payout_methods$/, params: LIST,
    run: (core, _ids, p, req) => v2Page(payoutMethodsOf(core, req), p, '/v2/money_management/payout_methods'),
  },
  {
    method: 'GET', pattern: /^\/v2\/money_management\/payout_methods\/([^/]+)$/, params: [],
    run(core, [id], _p, req) {
      const method = payoutMethodsOf(core, req).find((m) => m.id === id);
      if (!method) throw noSuch('payout_method', id!);
      return method;
    },
  },
  {
    method: 'GET', pattern: /^\/v2\/core\/events$/, params: [...LIST, 'object_id', 'types'],
    run(core, _ids, p) {
      const objectId = p.string('object_id');
      const types = p.list('types');
      const all = Object.values(core.store.state.v2Events)
        .reverse()
        .map((s) => s.event)
        .filter((e) => (!objectId || e.related_object?.id === objectId) && (!types || types.includes(e.type)));
      return v2Page(all, p, '/v2/core/events', { object_id: objectId, types });
    },
  },
  {
    method: 'GET', pattern: /^\/v2\/core\/events\/([^/]+)$/, params: [],
    run(core, [id]) {
      const stored = core.store.state.v2Events[id!];
      if (!stored) throw noSuch('event', id!);
      return stored.event;
    },
  },
];

/** The route for a request and the ids captured from its path, or undefined (Stripe's unrecognized URL). */
export function matchV2Route(method: string, path: string): { route: V2Route; ids: string[] } | undefined {
  for (const route of V2_ROUTES) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (!m) continue;
    try {
      return { route, ids: m.slice(1).map((s) => decodeURIComponent(s)) };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

export function v2ParamsFor(route: V2Route, raw: JsonObject): JsonParams {
  return new JsonParams(raw, route.params);
}
