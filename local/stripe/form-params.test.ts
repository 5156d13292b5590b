import { describe, expect, it } from 'vitest';
import { parseStripeParams } from './form-params.ts';
import { canonicalParams } from './idempotency.ts';

describe('parseStripeParams', () => {
  it('nests bracket notation as stripe-node sends it', () => {
    const p = parseStripeParams(
      'amount=1000&currency=usd&metadata[deliverable_id]=d%201&automatic_payment_methods[enabled]=true&expand[0]=latest_charge&expand[1]=customer',
    );
    expect(JSON.parse(JSON.stringify(p))).toEqual({
      amount: '1000', currency: 'usd', metadata: { deliverable_id: 'd 1' }, automatic_payment_methods: { enabled: 'true' }, expand: ['latest_charge', 'customer'],
    });
  });

  it('accepts empty-bracket lists, keeps metadata keys that look like indexes, and unsets with empty values', () => {
    expect(JSON.parse(JSON.stringify(parseStripeParams('types[]=a&types[]=b&metadata[0]=x&description=')))).toEqual({
      types: ['a', 'b'], metadata: { '0': 'x' }, description: '',
    });
  });

  it('treats __proto__ as data and skips malformed keys', () => {
    const p = parseStripeParams('metadata[__proto__]=x&a[b=1&ok=1');
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.keys(p).sort()).toEqual(['metadata', 'ok']);
    expect(Object.keys(p.metadata as object)).toEqual(['__proto__']);
  });

  it('compares parameters independent of their order', () => {
    expect(canonicalParams(parseStripeParams('a=1&metadata[x]=1&metadata[y]=2'))).toBe(canonicalParams(parseStripeParams('metadata[y]=2&metadata[x]=1&a=1')));
    expect(canonicalParams(parseStripeParams('a=1'))).not.toBe(canonicalParams(parseStripeParams('a=2')));
  });
});
