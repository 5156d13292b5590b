/**
 * The test checkout and 3-D Secure pages in Brazilian Portuguese (issue 37). Stripe's Payment Element
 * takes a `locale` ("pt-BR") and shows its labels, its field checks and the decline messages in it; the
 * double's pages take the same as a `locale` query parameter, carry it through their forms, and read their
 * English texts through this table. checkout-pages.test.ts checks that every text they can show has its
 * Portuguese here. Amounts follow Brazil's format ("US$ 1.234,56").
 */
export type CheckoutLanguage = 'en' | 'pt';

/** The pages' language from the `locale` given: Portuguese for pt and pt-*, English (as before) otherwise. */
export function checkoutLanguage(locale: string | null | undefined): CheckoutLanguage {
  return /^pt(-|$)/i.test(locale ?? '') ? 'pt' : 'en';
}

export const CHECKOUT_PORTUGUESE: Record<string, string> = {
  // The checkout page.
  'Test mode': 'Modo de teste',
  'Pay {amount}': 'Pagar {amount}',
  'Pay {amount} (test mode)': 'Pagar {amount} (modo de teste)',
  'For:': 'Referente a:',
  'A local test checkout: no card is charged and no card data leaves this machine.':
    'Um checkout de teste local: nenhum cartão é cobrado e nenhum dado do cartão sai desta máquina.',
  'Card number': 'Número do cartão',
  'Expiration date (MM / YY)': 'Validade (MM / AA)',
  'MM / YY': 'MM / AA',
  // Short enough to sit beside the expiry on a phone without wrapping.
  'Security code (CVC)': 'Código (CVV)',
  CVC: 'CVV',
  'Back to the campaign': 'Voltar para a campanha',
  'Test cards': 'Cartões de teste',
  'Use any future expiration date and any 3-digit CVC.': 'Use qualquer validade futura e qualquer CVV de 3 dígitos.',
  'Payment succeeds': 'Pagamento aprovado',
  'Card is declined': 'Cartão recusado',
  'Requires authentication (3-D Secure)': 'Exige autenticação (3-D Secure)',
  // The card checks, as the Payment Element words them in Portuguese.
  'Your card number is incomplete.': 'O número do cartão está incompleto.',
  'Your card number is invalid.': 'O número do cartão é inválido.',
  "Your card's expiration date is incomplete.": 'A data de validade do cartão está incompleta.',
  "Your card's expiration date is invalid.": 'A data de validade do cartão é inválida.',
  "Your card's expiration year is in the past.": 'O ano de validade do cartão já passou.',
  "Your card's expiration date is in the past.": 'A data de validade do cartão já passou.',
  "Your card's expiration year is invalid.": 'O ano de validade do cartão é inválido.',
  "Your card's security code is incomplete.": 'O código de segurança do cartão está incompleto.',
  // Declines.
  'Your card was declined.': 'Seu cartão foi recusado.',
  'Your card has insufficient funds.': 'Seu cartão não tem limite suficiente.',
  'Your card has expired.': 'Seu cartão está vencido.',
  "Your card's security code is incorrect.": 'O código de segurança do cartão está incorreto.',
  'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.':
    'Seu cartão foi recusado. O pagamento está em modo de teste, mas usou um cartão real. Veja os cartões de teste válidos em https://stripe.com/docs/testing.',
  // The 3-D Secure page.
  'Confirm your payment': 'Confirme seu pagamento',
  'Confirm your payment (test mode)': 'Confirme seu pagamento (modo de teste)',
  'Your bank asks you to confirm a payment of {amount}.': 'Seu banco pede que você confirme um pagamento de {amount}.',
  "This page stands in for the bank's 3-D Secure check. Choose how the check ends.":
    'Esta página faz o papel da verificação 3-D Secure do banco. Escolha como a verificação termina.',
  'Complete authentication': 'Concluir autenticação',
  'Fail authentication': 'Falhar autenticação',
  // The pages that only tell something.
  'Payment not found': 'Pagamento não encontrado',
  'This payment link is not valid. Start the payment again from the site.': 'Este link de pagamento não é válido. Comece o pagamento de novo pelo site.',
  'This authentication link is not valid.': 'Este link de autenticação não é válido.',
  'Payment unavailable': 'Pagamento indisponível',
  'This payment can no longer be paid.': 'Este pagamento não pode mais ser pago.',
  'Nothing to confirm': 'Nada para confirmar',
  'This payment does not need authentication.': 'Este pagamento não precisa de autenticação.',
  'Choose an answer': 'Escolha uma resposta',
  'Choose Complete or Fail authentication.': 'Escolha Concluir ou Falhar autenticação.',
  'Payment confirmed': 'Pagamento confirmado',
  'Authentication failed': 'A autenticação falhou',
  'You can close this window.': 'Você já pode fechar esta janela.',
};

/** A text of the pages in the language; one without an entry stays English (the test forbids it). */
export function checkoutText(language: CheckoutLanguage, english: string, values: Record<string, string> = {}): string {
  const template = language === 'pt' ? (CHECKOUT_PORTUGUESE[english] ?? english) : english;
  return template.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? `{${k}}`);
}

/** An amount as the page's reader writes it: `$123.45` in English, `US$ 123,45` in Brazil. */
export function checkoutAmount(language: CheckoutLanguage, amount: number, currency: string): string {
  return new Intl.NumberFormat(language === 'pt' ? 'pt-BR' : 'en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount / 100);
}
