import { assertEquals } from '../../../testkit/deno/assert.ts';
import { holderNameOf } from './recipient-account.ts';

// The holder a tax form must match is the legal name on Stripe's account identity (decision 0051).
Deno.test('a person: given names and surnames joined; a company: its registered name; nothing known: null', () => {
  assertEquals(holderNameOf({ identity: { individual: { given_name: 'María José', surname: 'Pérez López' } } }), 'María José Pérez López');
  assertEquals(holderNameOf({ identity: { individual: { given_name: ' Ana ' } } }), 'Ana');
  assertEquals(holderNameOf({ identity: { business_details: { registered_name: 'Cami Cocina S.R.L.' }, individual: { given_name: 'Camila' } } }), 'Cami Cocina S.R.L.');
  assertEquals(holderNameOf({ identity: { individual: {} } }), null);
  assertEquals(holderNameOf({ identity: null }), null);
  assertEquals(holderNameOf({}), null);
});
