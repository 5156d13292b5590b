import type { RequestInfo, StripeCore } from './core.ts';
import { listPage, newestFirst } from './lists.ts';
import { expandList, Params } from './params.ts';
import {
  cancelPaymentIntent, confirmPaymentIntent, createPaymentIntent, getPaymentIntent, renderPaymentIntent, updatePaymentIntent,
} from './payment-intents.ts';
import { getDispute } from './disputes.ts';
import { createRefund, getCharge } from './refunds.ts';
import { invalidParam, noSuch } from './stripe-error.ts';
import type { FormHash } from './form-params.ts';

/** One endpoint of the API subset: its method, path pattern, parameters and operation. */
export interface ApiRoute {
  method: 'GET' | 'POST';
  pattern: RegExp;
  params: readonly string[];
  run(core: StripeCore, ids: string[], p: Params, req: RequestInfo): unknown;
}

const PI_EXPAND = ['latest_charge'];

export const API_ROUTES: readonly ApiRoute[] = [
  {
    method: 'POST', pattern: /^\/v1\/payment_intents$/,
    params: ['amount', 'currency', 'metadata', 'automatic_payment_methods', 'allowed_payment_method_types', 'description', 'statement_descriptor_suffix', 'receipt_email', 'confirm', 'payment_method', 'return_url', 'expand'],
    run(core, _ids, p, req) {
      const expand = expandList(p, PI_EXPAND);
      return renderPaymentIntent(core, createPaymentIntent(core, p, req), expand);
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/payment_intents$/, params: ['limit', 'starting_after', 'ending_before', 'expand'],
    run(core, _ids, p) {
      const expand = expandList(p, PI_EXPAND.map((e) => `data.${e}`));
      const page = listPage(newestFirst(core.store.state.paymentIntents), p, '/v1/payment_intents', 'payment_intent');
      return { ...page, data: page.data.map((pi) => renderPaymentIntent(core, pi, expand, 'data.')) };
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/payment_intents\/([^/]+)$/, params: ['client_secret', 'expand'],
    run(core, [id], p) {
      const expand = expandList(p, PI_EXPAND);
      const secret = p.string('client_secret');
      const pi = getPaymentIntent(core, id!);
      if (secret !== undefined && secret !== pi.client_secret) {
        throw invalidParam('The client_secret provided does not match the client_secret associated with the PaymentIntent.', 'client_secret');
      }
      return renderPaymentIntent(core, pi, expand);
    },
  },
  {
    method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)$/, params: ['amount', 'metadata', 'description', 'statement_descriptor_suffix', 'receipt_email', 'expand'],
    run(core, [id], p) {
      const expand = expandList(p, PI_EXPAND);
      return renderPaymentIntent(core, updatePaymentIntent(core, id!, p), expand);
    },
  },
  {
    method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)\/confirm$/, params: ['payment_method', 'return_url', 'receipt_email', 'expand'],
    run(core, [id], p, req) {
      const expand = expandList(p, PI_EXPAND);
      return renderPaymentIntent(core, confirmPaymentIntent(core, id!, p, req), expand);
    },
  },
  {
    method: 'POST', pattern: /^\/v1\/payment_intents\/([^/]+)\/cancel$/, params: ['cancellation_reason', 'expand'],
    run(core, [id], p, req) {
      const expand = expandList(p, PI_EXPAND);
      return renderPaymentIntent(core, cancelPaymentIntent(core, id!, p, req), expand);
    },
  },
  {
    method: 'POST', pattern: /^\/v1\/refunds$/, params: ['payment_intent', 'charge', 'amount', 'reason', 'metadata', 'expand'],
    run(core, _ids, p, req) {
      expandList(p, []);
      return structuredClone(createRefund(core, p, req));
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/refunds$/, params: ['payment_intent', 'charge', 'limit', 'starting_after', 'ending_before'],
    run(core, _ids, p) {
      const pi = p.string('payment_intent');
      const charge = p.string('charge');
      const all = newestFirst(core.store.state.refunds).filter((r) => (!pi || r.payment_intent === pi) && (!charge || r.charge === charge));
      return listPage(all, p, '/v1/refunds', 'refund');
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/refunds\/([^/]+)$/, params: ['expand'],
    run(core, [id], p) {
      expandList(p, []);
      const refund = core.store.state.refunds[id!];
      if (!refund) throw noSuch('refund', id!);
      return refund;
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/charges\/([^/]+)$/, params: ['expand'],
    run(core, [id], p) {
      expandList(p, []);
      return getCharge(core, id!, 'charge');
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/disputes\/([^/]+)$/, params: ['expand'],
    run(core, [id], p) {
      expandList(p, []);
      return getDispute(core, id!);
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/events$/, params: ['type', 'types', 'limit', 'starting_after', 'ending_before'],
    run(core, _ids, p) {
      const type = p.string('type');
      const types = p.list('types');
      if (type && types) throw invalidParam('You may only specify one of these parameters: type, types.', 'types');
      // `type` may end in `.*` to match a family, as in Stripe (`payment_intent.*`).
      const match = (t: string) =>
        types ? types.includes(t) : !type ? true : type.endsWith('.*') ? t.startsWith(type.slice(0, -1)) : t === type;
      const all = newestFirst(core.store.state.events).filter((e) => match(e.type));
      return listPage(all, p, '/v1/events', 'event');
    },
  },
  {
    method: 'GET', pattern: /^\/v1\/events\/([^/]+)$/, params: ['expand'],
    run(core, [id], p) {
      expandList(p, []);
      const event = core.store.state.events[id!];
      if (!event) throw noSuch('event', id!);
      return event;
    },
  },
];

/** The route for a request and the ids captured from its path, or undefined (Stripe's unrecognized URL). */
export function matchRoute(method: string, path: string): { route: ApiRoute; ids: string[] } | undefined {
  for (const route of API_ROUTES) {
    if (route.method !== method) continue;
    const m = route.pattern.exec(path);
    if (m) {
      try {
        return { route, ids: m.slice(1).map(decodeURIComponent) };
      } catch {
        return undefined;
      }
    }
  }
  return undefined;
}

export function paramsFor(route: ApiRoute, raw: FormHash): Params {
  return new Params(raw, route.params);
}
