// Deno tests: what a card payment says it is for (description and statement descriptor suffix).
import { assertEquals } from '../../../testkit/deno/assert.ts';
import { paymentDescription, STATEMENT_SUFFIX_MAX, statementDescriptorSuffix, statementSuffixProblem } from './contract/payment-description.ts';

Deno.test('a payment is described by its campaign title and creator', () => {
  assertEquals(paymentDescription({ campaignTitle: 'Summer Glow Launch', creatorName: 'Ana Pérez' }), 'Summer Glow Launch — Ana Pérez');
  assertEquals(paymentDescription({ campaignTitle: null, creatorName: '  Ana   Pérez ' }), 'Ana Pérez');
  assertEquals(paymentDescription({ campaignTitle: 'Summer', creatorName: null }), 'Summer');
  assertEquals(paymentDescription({ campaignTitle: null, creatorName: null }), 'Creator marketplace payment');
  assertEquals(paymentDescription({ campaignTitle: 'x'.repeat(2000), creatorName: 'A' }).length, 1000);
});

Deno.test('the statement descriptor suffix keeps Latin letters, digits and spaces, at most 22', () => {
  assertEquals(statementDescriptorSuffix({ campaignTitle: 'Summer Glow Launch', creatorName: 'Ana' }), 'Summer Glow Launch');
  // Accents dropped; the forbidden < > \ ' " * and other signs removed.
  assertEquals(statementDescriptorSuffix({ campaignTitle: `Café <"Crème"> *Día* d'été \\ 2026!`, creatorName: null }), 'Cafe Creme Dia d ete');
  // Cut at a word end when one is close, else hard at 22.
  assertEquals(statementDescriptorSuffix({ campaignTitle: 'Holiday Skincare Routine Challenge', creatorName: null }), 'Holiday Skincare');
  assertEquals(statementDescriptorSuffix({ campaignTitle: 'Supercalifragilisticexpialidocious', creatorName: null }), 'Supercalifragilisticex');
  // Without a campaign, the creator's name; a title without any letter still yields one.
  assertEquals(statementDescriptorSuffix({ campaignTitle: null, creatorName: 'Zoë' }), 'Zoe');
  assertEquals(statementDescriptorSuffix({ campaignTitle: '2026 #1', creatorName: null }), 'HIRE 2026 1');
  assertEquals(statementDescriptorSuffix({ campaignTitle: '日本語', creatorName: null }), 'HIRE');
});

Deno.test('every suffix the builder makes passes the checks Stripe applies', () => {
  const titles = ['Summer Glow Launch', `<>\\'"*`, '1234567890123456789012345', 'ñññññññññññññññññññññññññ', 'A', '   ', 'Ünïcödé — “quoted” title *launch*'];
  for (const t of titles) {
    const s = statementDescriptorSuffix({ campaignTitle: t, creatorName: 'Creator' });
    assertEquals(statementSuffixProblem(s), undefined, `${t} -> ${s}`);
    assertEquals(s.length <= STATEMENT_SUFFIX_MAX, true);
  }
  assertEquals(typeof statementSuffixProblem('x'.repeat(23)), 'string');
  assertEquals(typeof statementSuffixProblem('Glow*'), 'string');
  assertEquals(typeof statementSuffixProblem('12345'), 'string');
  assertEquals(typeof statementSuffixProblem('Café'), 'string');
});
