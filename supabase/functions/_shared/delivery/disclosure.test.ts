import { assertEquals } from '../../../../testkit/deno/assert.ts';
import { disclosureFound, hashtagsIn } from './disclosure.ts';

Deno.test('disclosure: the default rule takes any of #ad, #publi, #publicidad, in any case and accents', () => {
  for (const text of ['Love it #ad', '#Publi con @marca', 'nuevo look #PUBLICIDAD 💄', '#publicidád', 'fin.#ad', 'ad ＃ad']) {
    assertEquals(disclosureFound({ texts: [text], paidPartnershipLabel: null }).ok, true, text);
  }
});

Deno.test('disclosure: a word that merely contains the tag, or a tag without #, is not a disclosure', () => {
  for (const text of ['#adventure time', '#advertising', 'this is an ad', 'publicidad pagada', 'email me@x.com#ad', '#publicity', '']) {
    assertEquals(disclosureFound({ texts: [text], paidPartnershipLabel: null }).ok, false, text);
  }
});

Deno.test('disclosure: caption, title and description are all read; nulls are skipped', () => {
  assertEquals(disclosureFound({ texts: [null, 'My video', 'Sponsored by X #publi'], paidPartnershipLabel: false }), { ok: true, via: 'hashtag', tag: 'publi' });
});

Deno.test('disclosure: the platform label satisfies any rule', () => {
  assertEquals(disclosureFound({ texts: ['no tags'], paidPartnershipLabel: true }, ['sponsored']), { ok: true, via: 'label', tag: null });
});

Deno.test('disclosure: a campaign rule replaces the default', () => {
  assertEquals(disclosureFound({ texts: ['#ad'], paidPartnershipLabel: null }, ['patrocinado']).ok, false);
  assertEquals(disclosureFound({ texts: ['#Patrocinado'], paidPartnershipLabel: null }, ['#patrocinado']).ok, true);
  assertEquals(hashtagsIn('#a #b_c x#d'), ['a', 'b_c']);
});
