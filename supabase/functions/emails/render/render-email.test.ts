// Deno tests: the emails of the outbox keep user text (names, campaign titles, reasons) on one line, in
// the subject and in the plain-text part alike (issue 29, item 7).
import { assert, assertEquals } from '../../../../testkit/deno/assert.ts';
import { DISPUTE_REASON_TEXT, DISPUTE_REASONS } from '../../_shared/contract/dispute-reasons.ts';
import { renderEmail, type OutboxEmail } from './render-email.ts';
import { CHROME, TEXTS } from './texts.ts';

const INJECTED = 'URGENT: verify your bank at http://evil.example';
const links = { siteUrl: 'https://app.example', unsubscribeUrl: 'https://app.example/unsubscribe?token=t' };

function email(template: string, data: Record<string, unknown>, locale = 'en'): OutboxEmail {
  return { id: 'e1', user_id: 'u1', category: 'work', template, to_address: 'ana@example.test', locale, data, attempts: 0 };
}

/** The lines of the text part that a reader would take for a line of the platform's own. */
const injectedLines = (text: string) => text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/).filter((line) => line.trimStart().startsWith('URGENT'));

Deno.test('a campaign title with CR/LF stays on one line of the text part and the subject', () => {
  for (const locale of ['en', 'es']) {
    const mail = renderEmail(email('application_accepted', { campaign_title: `Spring\r\n\r\n${INJECTED}`, actor_name: 'GlowLab' }, locale), links);
    assertEquals(injectedLines(mail.text), []);
    assert(mail.text.includes(`Spring ${INJECTED}`), mail.text);
    assert(mail.subject.endsWith(`Spring ${INJECTED}`), mail.subject);
    assert(!/[\r\n]/.test(mail.subject), mail.subject);
  }
});

Deno.test('names, reasons and digest senders: every line and paragraph separator and control character becomes one space', () => {
  const separators = ['\r\n', '\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\u0000', '\u001b', '\t\n \u2028'];
  for (const sep of separators) {
    const texts = [
      renderEmail(email('dispute_opened', { campaign_title: 'Spring', actor_name: `Ana${sep}${INJECTED}`, reason: 'quality', recipient_name: `Sofía${sep}${INJECTED}` }), links),
      renderEmail(email('hire_canceled', { campaign_title: 'Spring', actor_name: 'GlowLab', reason: `${sep}${INJECTED}` }, 'es'), links),
      renderEmail(email('message_digest', { total: 2, conversations: [{ sender_name: `Leo${sep}${INJECTED}`, count: 2 }] }), links),
      renderEmail(email('new_message', { actor_name: `Leo${sep}${INJECTED}${sep}`, count: 1 }), links),
      // A hire's cancel reason is free text (a dispute's is a code, written in words).
      renderEmail(email('hire_canceled', { campaign_title: 'Spring', actor_name: 'GlowLab', reason: `Late${sep}${sep}${INJECTED}` }), links),
    ];
    for (const mail of texts) {
      assertEquals(injectedLines(mail.text), [], JSON.stringify(sep));
      assert(!/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(mail.subject), JSON.stringify([sep, mail.subject]));
      // Only the layout's own line feeds remain in the text part.
      assert(!/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(mail.text), JSON.stringify([sep, mail.text]));
    }
    assert(texts[0]!.text.startsWith('Hi Sofía,\n'), texts[0]!.text);
    assert(texts[4]!.text.includes(`Reason: Late ${INJECTED}\n`), texts[4]!.text);
    assert(texts[0]!.text.includes(`Ana ${INJECTED} opened a dispute on Spring\n`), texts[0]!.text);
    assert(texts[2]!.text.includes(`- Leo ${INJECTED}: 2 messages\n`), texts[2]!.text);
  }
});

Deno.test('ordinary text is unchanged', () => {
  const mail = renderEmail(email('application_accepted', { campaign_title: 'Morning Glow Serum Launch', actor_name: 'GlowLab Skincare', recipient_name: 'Sofía Ramírez' }, 'es'), links);
  assertEquals(mail.subject, '¡Estás dentro! Morning Glow Serum Launch');
  assert(mail.text.startsWith('Hola, Sofía:\n\nGlowLab Skincare aceptó tu postulación a Morning Glow Serum Launch\n'), mail.text);
});

Deno.test('money emails name the gross held in escrow and the creator\'s net (issue 30, finding 5)', () => {
  const data = { campaign_title: 'Spring', actor_name: 'GlowLab', amount_cents: 25000, net_cents: 21250 };
  const es = renderEmail(email('hire_funded', data, 'es'), links);
  assert(es.subject.includes('USD') || es.subject.includes('$'), es.subject);
  assert(es.text.includes('(bruto) quedan retenidos en garantía') && es.text.includes('(neto)'), es.text);
  assert(/250[.,]00/.test(es.text) && /212[.,]50/.test(es.text), es.text);
  const en = renderEmail(email('hire_funded', data, 'en'), links);
  assert(en.text.includes('$250.00 (gross) is held in escrow') && en.text.includes('$212.50 (net)'), en.text);
  // A row written before the net was kept: the gross only, named as such.
  const old = renderEmail(email('hire_funded', { ...data, net_cents: undefined }, 'en'), links);
  assert(old.text.includes('$250.00 (gross, before the platform fee)'), old.text);
  const released = renderEmail(email('money_released', { campaign_title: 'Spring', amount_cents: 10625 }, 'es'), links);
  assert(released.subject.includes('(neto)'), released.subject);
});

Deno.test('a failed payout the platform could not fund does not send the creator to their payout details (issue 30, finding 2)', () => {
  for (const code of ['platform_balance_insufficient', 'payout_refused']) {
    const en = renderEmail(email('payout_failed', { amount_cents: 76500, failure_code: code }, 'en'), links);
    assert(!/payout details/i.test(en.text) && !/payout details/i.test(en.html), en.text);
    assert(en.text.includes('Nothing is wrong with your account') && en.text.includes('back in your available balance'), en.text);
    assert(/765[.,]00/.test(en.subject), en.subject);
    const es = renderEmail(email('payout_failed', { amount_cents: 76500, failure_code: code }, 'es'), links);
    assert(!/datos de cobro/i.test(es.text) && !/datos de cobro/i.test(es.html), es.text);
    assert(es.text.includes('Tu cuenta no tiene ningún problema') && es.text.includes('volvió a tu saldo disponible'), es.text);
  }
  // The bank's or the account's reasons still send the creator to their payout details.
  for (const code of ['bank_account_invalid', 'account_closed', null]) {
    assert(renderEmail(email('payout_failed', { amount_cents: 76500, failure_code: code }, 'en'), links).text.includes('Check your payout details'), String(code));
    assert(renderEmail(email('payout_failed', { amount_cents: 76500, failure_code: code }, 'es'), links).text.includes('Revisa tus datos de cobro'), String(code));
  }
});

Deno.test('a resubmission is named by the one round rule: submission n is revision n - 1 (issue 30, finding 7)', () => {
  const en = renderEmail(email('content_submitted', { campaign_title: 'Spring', actor_name: 'Ana', round: 2 }, 'en'), links);
  assert(en.text.includes('Ana resubmitted content for Spring (revision 1)'), en.text);
  const es = renderEmail(email('content_submitted', { campaign_title: 'Spring', actor_name: 'Ana', round: 3 }, 'es'), links);
  assert(es.text.includes('Ana reenvió contenido para Spring (revisión 2)'), es.text);
  assert(!/ronda|round/i.test(en.text + es.text), en.text + es.text);
  // The original version is no revision at all.
  const first = renderEmail(email('content_submitted', { campaign_title: 'Spring', actor_name: 'Ana', round: 1 }, 'en'), links);
  assert(first.text.includes('Ana submitted content for Spring\n'), first.text);
});

Deno.test('a dispute reason is written in words in the recipient\'s language, never as its code (issue 32, item 9)', () => {
  const data = { campaign_title: 'Spring', actor_name: 'GlowLab', reason: 'quality' };
  const es = renderEmail(email('dispute_opened', data, 'es'), links);
  assert(es.text.includes('Motivo: Problemas de calidad\n'), es.text);
  assert(es.html.includes('Motivo: Problemas de calidad'), es.html);
  assert(!/Motivo: quality/.test(es.text + es.html), es.text);
  const en = renderEmail(email('dispute_opened', data, 'en'), links);
  assert(en.text.includes('Reason: Quality problems\n'), en.text);
  // Every code the database accepts has its words in both languages, the same the web's catalogs show.
  for (const code of DISPUTE_REASONS) {
    for (const locale of ['en', 'es', 'pt'] as const) {
      const mail = renderEmail(email('dispute_opened', { ...data, reason: code }, locale), links);
      const words = DISPUTE_REASON_TEXT[locale][code];
      assert(words && words !== code, `${locale} ${code}`);
      assert(mail.text.includes(`${locale === 'en' ? 'Reason' : 'Motivo'}: ${words}\n`), mail.text);
    }
  }
  // A hire's cancel reason is the brand's own words and stays as written.
  const canceled = renderEmail(email('hire_canceled', { campaign_title: 'Spring', actor_name: 'GlowLab', reason: 'quality' }, 'es'), links);
  assert(canceled.text.includes('Motivo: quality\n'), canceled.text);
});

Deno.test('a message in a dispute: the writer, the start of the message, a link to the thread (the parties) or the queue (admins); issue 32 item 7', () => {
  const data = { campaign_title: 'Morning Glow Serum Launch', actor_name: 'GlowLab Skincare', excerpt: `We will wait${'\n'}${INJECTED}`,
    deliverable_id: 'd1', campaign_id: 'c1', recipient_name: 'Isabella Torres' };
  const es = renderEmail(email('dispute_message', data, 'es'), links);
  assertEquals(es.subject, 'Nuevo mensaje en la disputa de Morning Glow Serum Launch');
  assert(es.text.includes('GlowLab Skincare escribió en la disputa de Morning Glow Serum Launch\n'), es.text);
  assert(es.text.includes(`“We will wait ${INJECTED}”`), es.text);
  assertEquals(injectedLines(es.text), []);
  assert(es.text.includes('https://app.example/deliverables/d1'), es.text);
  const en = renderEmail(email('dispute_message', { ...data, excerpt: 'Gracias.', admin: true, actor_name: 'Isabella Torres' }, 'en'), links);
  assertEquals(en.subject, 'New message in the dispute on Morning Glow Serum Launch');
  assert(en.text.includes('Isabella Torres wrote in the dispute on Morning Glow Serum Launch\n'), en.text);
  assert(en.text.includes('https://app.example/dashboard/admin'), en.text);
  assert(!en.text.includes('/deliverables/'), en.text);
});

Deno.test('brand account emails (issue 32, item 2): each way, in both languages, with no unsubscribe link', () => {
  const account = (template: string, data: Record<string, unknown>, locale: string): OutboxEmail => ({
    ...email(template, data, locale),
    category: 'account',
  });
  const data = { company: 'Nova Labs', website: 'https://novalabs.io', brand_email: 'ana@novalabs.io', reason: 'We could not verify the website' };
  const waiting = renderEmail(account('brand_waiting', data, 'en'), { ...links, unsubscribeUrl: null });
  assertEquals(waiting.subject, 'Nova Labs is waiting for approval');
  assert(waiting.text.includes('Website: https://novalabs.io. Email: ana@novalabs.io.'));
  assert(waiting.text.includes('https://app.example/dashboard/admin#brands'));
  assert(!waiting.text.includes('nsubscribe'));
  assert(!waiting.html.includes('/unsubscribe'));
  assert(waiting.text.includes('You get this email because it is about your account.'));
  assertEquals(renderEmail(account('brand_approved', data, 'en'), { ...links, unsubscribeUrl: null }).subject, 'Your brand account is approved');
  assertEquals(renderEmail(account('brand_approved', data, 'es'), { ...links, unsubscribeUrl: null }).subject, 'Tu cuenta de marca fue aprobada');
  const rejected = renderEmail(account('brand_rejected', data, 'es'), { ...links, unsubscribeUrl: null });
  assertEquals(rejected.subject, 'Tu cuenta de marca no fue aprobada');
  assert(rejected.text.includes('Motivo: We could not verify the website'));
  assert(rejected.text.includes('Recibes este correo porque trata sobre tu cuenta.'));
});

Deno.test('every money email states the figures of its data, formatted as the app formats money (issue 30: one truth about money)', () => {
  const usd = (cents: number, tag: string) => new Intl.NumberFormat(tag, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  for (const [locale, tag] of [['en', 'en-US'], ['es', 'es-419'], ['pt', 'pt-BR']] as const) {
    const amount = usd(123456, tag);
    const data = { campaign_title: 'Spring', actor_name: 'GlowLab', amount_cents: 123456, net_cents: 104937, creator_cents: 30000, brand_cents: 20000, outcome: 'split' };
    const cases: Array<[string, string[]]> = [
      ['hire_funded', [amount, usd(104937, tag)]],
      ['money_released', [amount]],
      ['money_refunded', [amount]],
      ['payout_paid', [amount]],
      ['payout_failed', [amount]],
      ['dispute_resolved', [usd(30000, tag), usd(20000, tag)]],
    ];
    for (const [template, figures] of cases) {
      const mail = renderEmail(email(template, data, locale), links);
      for (const figure of figures) assert(flat(mail.text).includes(flat(figure)), `${locale} ${template}: ${figure} in ${mail.text}`);
      // No other amount: every figure the email shows is one of its data's.
      const shown = flat(mail.text).match(/(?:US\$|USD|\$)\s?[\d.,]+\d/g) ?? [];
      assertEquals(shown.filter((s) => !figures.some((f) => flat(f) === s)), [], `${locale} ${template}`);
    }
  }
});

// Issue 37: Brazilian Portuguese, for a recipient whose profile reads it (app.email_locale).
Deno.test('every email and the words around it exist in Portuguese, and a pt recipient gets them', () => {
  assertEquals(Object.keys(TEXTS.pt).sort(), Object.keys(TEXTS.en).sort());
  assertEquals(Object.keys(CHROME.pt.categories).sort(), Object.keys(CHROME.en.categories).sort());
  const data = {
    campaign_title: 'Verão', actor_name: 'GlowLab', recipient_name: 'João Silva', amount_cents: 123456, net_cents: 104937, creator_cents: 1, brand_cents: 1,
    reason: 'quality', round: 2, count: 2, total: 2, due_at: '2025-01-28T15:00:00Z', company: 'Nova Labs', website: 'https://nova.test', brand_email: 'a@nova.test',
  };
  for (const template of Object.keys(TEXTS.en)) {
    const pt = renderEmail(email(template, data, 'pt'), links);
    const es = renderEmail(email(template, data, 'es'), links);
    const en = renderEmail(email(template, data, 'en'), links);
    assert(pt.subject !== es.subject && pt.subject !== en.subject, `${template}: ${pt.subject}`);
    assert(pt.text.startsWith('Olá, João!\n'), pt.text);
    assert(pt.html.startsWith('<!doctype html>\n<html lang="pt-BR">'), pt.html.slice(0, 60));
    // Spanish words a Portuguese text never has (and "you" in English).
    assert(!/\b(tu|usted|postulaci|correo|retiro|comisión|Hola|you)\b/i.test(pt.text), `${template}: ${pt.text}`);
    assert(pt.text.includes('Preferências de e-mail: https://app.example/settings?tab=notifications'), pt.text);
  }
});

Deno.test('Portuguese money, dates, plurals and revision rounds read as in Brazil', () => {
  const funded = renderEmail(email('hire_funded', { campaign_title: 'Verão', actor_name: 'GlowLab', amount_cents: 123456, net_cents: 104937 }, 'pt'), links);
  const flat = (s: string) => s.replace(/\s+/g, ' ');
  assert(flat(funded.subject).includes('US$ 1.234,56 (bruto)'), funded.subject);
  assert(flat(funded.text).includes('você recebe US$ 1.049,37 (líquido) após a taxa da plataforma'), funded.text);
  const soon = renderEmail(email('auto_approval_soon', { campaign_title: 'Verão', due_at: '2025-01-28T15:00:00Z' }, 'pt'), links);
  assert(flat(soon.text).includes('será aprovado automaticamente em 28 de jan. de 2025, 15:00 UTC'), soon.text);
  const resubmitted = renderEmail(email('content_submitted', { campaign_title: 'Verão', actor_name: 'Ana', round: 3 }, 'pt'), links);
  assert(resubmitted.text.includes('Ana reenviou o conteúdo de Verão (2ª rodada de ajustes)\n'), resubmitted.text);
  const first = renderEmail(email('content_submitted', { campaign_title: 'Verão', actor_name: 'Ana', round: 1 }, 'pt'), links);
  assert(first.text.includes('Ana enviou o conteúdo de Verão\n'), first.text);
  assertEquals(renderEmail(email('message_digest', { total: 1, conversations: [{ sender_name: 'Leo', count: 1 }] }, 'pt'), links).subject, 'Você tem 1 mensagem não lida');
  const digest = renderEmail(email('message_digest', { total: 3, conversations: [{ sender_name: 'Leo', count: 3 }] }, 'pt'), links);
  assertEquals(digest.subject, 'Você tem 3 mensagens não lidas');
  assert(digest.text.includes('- Leo: 3 mensagens\n'), digest.text);
  assertEquals(renderEmail(email('new_message', { actor_name: 'Leo', count: 1 }, 'pt'), links).subject, 'Leo enviou uma mensagem para você');
  // The footer names the category in Portuguese, with its unsubscribe link.
  assert(funded.text.includes('Você recebe este e-mail porque os e-mails de contratações e conteúdo estão ativados nas suas configurações.'), funded.text);
  assert(funded.text.includes('Cancelar os e-mails de contratações e conteúdo: https://app.example/unsubscribe?token=t'), funded.text);
  const failed = renderEmail(email('payout_failed', { amount_cents: 76500, failure_code: 'platform_balance_insufficient' }, 'pt'), links);
  assert(failed.text.includes('Não há nenhum problema com a sua conta') && !failed.text.includes('dados de recebimento'), failed.text);
  const account = renderEmail({ ...email('brand_rejected', { company: 'Nova Labs', reason: 'Site fora do ar' }, 'pt'), category: 'account' }, { ...links, unsubscribeUrl: null });
  assertEquals(account.subject, 'Sua conta de marca não foi aprovada');
  assert(account.text.includes('Você recebe este e-mail porque ele é sobre a sua conta.') && !account.text.includes('Cancelar'), account.text);
});

Deno.test('a locale the emails do not know is Spanish, the product\'s first language; es and en keep their lang', () => {
  for (const stored of ['', 'fr', 'pt-BR', 'PT']) {
    const mail = renderEmail(email('application_accepted', { campaign_title: 'Spring', actor_name: 'GlowLab' }, stored), links);
    assertEquals(mail.subject, '¡Estás dentro! Spring', stored);
  }
  assert(renderEmail(email('application_accepted', {}, 'es'), links).html.includes('<html lang="es">'));
  assert(renderEmail(email('application_accepted', {}, 'en'), links).html.includes('<html lang="en">'));
});

Deno.test('the tax form reminder says the days and the last valid day in each language, and opens Settings > Payouts', () => {
  const data = { form_type: 'w8ben', expires_on: '2029-12-31', days: 30, recipient_name: 'Sofía Ríos' };
  const said = {
    en: ['Your tax form expires on December 31, 2029', 'in 30 days'],
    es: ['Tu formulario fiscal vence el 31 de diciembre de 2029', 'en 30 días'],
    pt: ['Seu formulário fiscal vence em 31 de dezembro de 2029', 'em 30 dias'],
  };
  for (const [locale, [subject, days]] of Object.entries(said)) {
    const mail = renderEmail({ ...email('tax_form_expiring', data, locale), category: 'payments' }, links);
    assertEquals(mail.subject, subject);
    assert(mail.text.includes(days!), `${locale}: ${mail.text}`);
    assert(mail.html.includes('https://app.example/settings?tab=payouts'), locale);
  }
});

Deno.test('the reconnect notice names the platform and the handle in each language, opens Connected accounts, and has no unsubscribe link', () => {
  const data = { platform: 'tiktok', handle: 'sofi.rios', account_id: 'a1', recipient_name: 'Sofía Ríos' };
  const said = {
    en: ['Reconnect your TikTok account', 'Your TikTok account @sofi.rios needs reconnecting'],
    es: ['Vuelve a conectar tu cuenta de TikTok', 'Tu cuenta de TikTok @sofi.rios necesita que la vuelvas a conectar'],
    pt: ['Reconecte sua conta do TikTok', 'Sua conta do TikTok @sofi.rios precisa ser reconectada'],
  };
  for (const [locale, [subject, headline]] of Object.entries(said)) {
    // The category app.email_category files it under: about the account, sent whatever the settings.
    const mail = renderEmail({ ...email('social_reconnect_needed', data, locale), category: 'account' }, { ...links, unsubscribeUrl: null });
    assertEquals(mail.subject, subject);
    assert(mail.text.includes(headline!), `${locale}: ${mail.text}`);
    assert(mail.html.includes('https://app.example/settings#connected-accounts'), locale);
    assert(!mail.text.includes('unsubscribe?token'), locale);
    assertEquals(mail.text.includes(CHROME[locale as 'en' | 'es' | 'pt'].aboutYourAccount), true, locale);
  }
});

Deno.test('a receipt email names its number and amount and leads to Payment History; a statement one names the month', () => {
  const receipt = (locale: string, kind: string) =>
    renderEmail({ ...email('payment_receipt', { kind, document_number: 'R-2026-000042', amount_cents: 50000, campaign_title: 'Spring', recipient_name: 'Glow Team' }, locale), category: 'payments' }, links);
  assertEquals(receipt('en', 'receipt').subject, 'Receipt R-2026-000042: $500.00');
  assertEquals(receipt('en', 'refund_receipt').subject, 'Refund receipt R-2026-000042: $500.00');
  assert(/Gracias: recibimos USD\s500\.00 por Spring/.test(receipt('es', 'receipt').text), receipt('es', 'receipt').text);
  assert(receipt('pt', 'receipt').text.includes('Seu recibo R-2026-000042 vai anexado em PDF'), receipt('pt', 'receipt').text);
  assert(receipt('en', 'receipt').text.includes('https://app.example/payments/history'), receipt('en', 'receipt').text);
  const statement = (locale: string) =>
    renderEmail({ ...email('statement_ready', { document_number: 'S-2026-000003', period: '2026-10', recipient_name: 'Ana' }, locale), category: 'payments' }, links);
  assertEquals(statement('en').subject, 'Your statement for October 2026 is ready');
  assertEquals(statement('es').subject, 'Tu estado de cuenta de octubre de 2026 está listo');
  assertEquals(statement('pt').subject, 'Seu extrato de outubro de 2026 está pronto');
  assert(statement('pt').html.includes('https://app.example/payments/history'));
});

Deno.test('the licence reminder names the creator, the campaign, the days and the last day in each language, and opens the licence library', () => {
  const data = { campaign_title: 'Glow', actor_name: 'Carla Díaz', expires_on: '2027-02-26', days: 14, recipient_name: 'Ana' };
  const said = {
    en: ["Your licence to Carla Díaz's content ends on February 26, 2027", 'in 14 days'],
    es: ['Tu licencia del contenido de Carla Díaz vence el 26 de febrero de 2027', 'en 14 días'],
    pt: ['Sua licença do conteúdo de Carla Díaz vence em 26 de fevereiro de 2027', 'em 14 dias'],
  };
  for (const [locale, [subject, days]] of Object.entries(said)) {
    const mail = renderEmail({ ...email('licence_ending', data, locale), category: 'work' }, links);
    assertEquals(mail.subject, subject);
    assert(mail.text.includes(days!) && mail.text.includes('Glow'), `${locale}: ${mail.text}`);
    assert(mail.html.includes('https://app.example/payments/history'), locale);
  }
});

Deno.test('a renewal offer and its answer name the price and the days in each language, and open the hire or the licence library (decision 0060)', () => {
  const offer = { campaign_title: 'Glow', campaign_id: 'c1', deliverable_id: 'd1', actor_name: 'GlowLab', count: 30, amount_cents: 15000, recipient_name: 'Carla' };
  const offered = {
    en: 'GlowLab offers $150.00 to renew their licence to your content',
    es: 'GlowLab ofrece USD 150.00 por renovar su licencia de tu contenido',
    pt: 'GlowLab oferece US$ 150,00 para renovar a licença do seu conteúdo',
  };
  for (const [locale, subject] of Object.entries(offered)) {
    const mail = renderEmail({ ...email('licence_renewal_offered', offer, locale), category: 'work' }, links);
    assertEquals(mail.subject, subject);
    assert(mail.text.includes('30') && mail.text.includes('Glow'), `${locale}: ${mail.text}`);
    assert(mail.html.includes('https://app.example/campaigns/c1'), locale);
  }
  const answer = (decision: string) => renderEmail({ ...email('licence_renewal_decided', { ...offer, actor_name: 'Carla Díaz', decision }), category: 'work' }, links);
  assertEquals(answer('accepted').subject, 'Carla Díaz accepted your licence renewal');
  assert(answer('accepted').text.includes('Pay $150.00'), answer('accepted').text);
  assertEquals(answer('declined').subject, 'Carla Díaz declined your licence renewal');
  assert(answer('declined').html.includes('https://app.example/payments/history'));
  // Paid: the creator is told the licence runs longer, until a calendar day, and opens the campaign.
  const paid = { ...offer, expires_on: '2027-02-09' };
  const told = {
    en: ['GlowLab paid your licence renewal', 'February 9, 2027'],
    es: ['GlowLab pagó tu renovación de licencia', '9 de febrero de 2027'],
    pt: ['GlowLab pagou sua renovação de licença', '9 de fevereiro de 2027'],
  };
  for (const [locale, [subject, day]] of Object.entries(told)) {
    const mail = renderEmail({ ...email('licence_renewal_paid', paid, locale), category: 'work' }, links);
    assertEquals(mail.subject, subject);
    assert(mail.text.includes(day!) && mail.text.includes('30'), `${locale}: ${mail.text}`);
    assert(mail.html.includes('https://app.example/campaigns/c1'), locale);
  }
});
