// Deno tests: the receipt and statement PDFs read back with their numbers, two-decimal amounts and accents.
import { assert, assertEquals } from '../../../../testkit/deno/assert.ts';
import { receiptPdf, statementPdf } from './builders.ts';
import { extractPdfText } from './pdf-extract.ts';
import { usd } from './pdf-text.ts';

const platform = { legal_name: 'Plataforma Ejemplo LLC', address: '1 Main St, Austin TX', tax_id: '00-0000000', email: 'billing@example.com' };

Deno.test('usd prints cents with two decimals and thousands separators', () => {
  assertEquals(usd(125000), 'USD 1,250.00');
  assertEquals(usd(5), 'USD 0.05');
  assertEquals(usd(-1999), '-USD 19.99');
});

Deno.test('a receipt reads back with its number, amount, fee, campaign and creator', async () => {
  const pdf = await receiptPdf({
    kind: 'receipt', document_number: 'R-2026-000007', issued_on: '2026-11-28', language: 'es', platform,
    brand_name: 'Glow Cosmetics', campaign_title: 'Lanzamiento de verano', creator_name: 'Isabella Conceição', amount_cents: 50000, fee_cents: 7500,
  });
  assertEquals(new TextDecoder().decode(pdf.slice(0, 5)), '%PDF-');
  const text = (await extractPdfText(pdf)).join('\n');
  for (const s of ['Recibo R-2026-000007', 'Monto: USD 500.00', 'Comisión de la plataforma: USD 75.00', 'Campaña: Lanzamiento de verano', 'Creador: Isabella Conceição', 'Emisor: Plataforma Ejemplo LLC']) {
    assert(text.includes(s), `missing ${s} in\n${text}`);
  }
});

Deno.test('a statement in Portuguese and Spanish keeps accents (á é í ó ú ñ ç ã õ) and the country note', async () => {
  const base = {
    document_number: 'S-2026-000001', issued_on: '2026-11-01', period: '2026-10', platform, creator_name: 'João Muñoz',
    payouts_cents: 42500,
    items: [{ client_legal_name: 'Glow Cosmetics Inc.', client_address: 'Austin TX, USA', service: 'Vídeo de opinión — ação ñandú', licence: null, gross_cents: 50000, fee_cents: 7500, net_cents: 42500, date: '2026-10-12' }],
  };
  const pt = (await extractPdfText(await statementPdf({ ...base, language: 'pt', country: 'BR' }))).join('\n');
  for (const s of ['Extrato mensal S-2026-000001', 'Criador: João Muñoz', 'Bruto: USD 500.00', 'Líquido: USD 425.00', 'Saques recebidos: USD 425.00', 'Sem licença de uso', 'NFS-e de exportação', 'Vídeo de opinión — ação ñandú']) {
    assert(pt.includes(s), `missing ${s} in\n${pt}`);
  }
  const es = (await extractPdfText(await statementPdf({ ...base, language: 'es', country: 'MX' }))).join('\n');
  for (const s of ['Estado de cuenta mensual', 'Neto: USD 425.00', 'XEXX010101000', 'Comisión de la plataforma: USD 75.00']) {
    assert(es.includes(s), `missing ${s} in\n${es}`);
  }
});

Deno.test('characters outside WinAnsi become ? instead of breaking the PDF', async () => {
  const pdf = await receiptPdf({
    kind: 'refund_receipt', document_number: 'R-2026-000008', issued_on: '2026-11-28', language: 'en', platform,
    brand_name: 'Brand 日本', campaign_title: null, creator_name: null, amount_cents: 100, fee_cents: 0,
  });
  const text = (await extractPdfText(pdf)).join('\n');
  assert(text.includes('Refund receipt R-2026-000008'));
  assert(text.includes('Client: Brand ??'));
  assert(text.includes('Amount: USD 1.00'));
});

Deno.test('the campaign licence is printed in the reader language on the receipt and the statement', async () => {
  const paid = { kind: 'paid' as const, platforms: ['instagram', 'tiktok'], territory: ['US', 'MX'], term_days: 90, price_cents: 20000, exclusivity_category: 'skincare', exclusivity_days: 30 };
  const receipt = (await extractPdfText(await receiptPdf({
    kind: 'receipt', document_number: 'R-2026-000009', issued_on: '2026-11-28', language: 'en', platform,
    brand_name: 'Glow', campaign_title: 'Summer', creator_name: 'Ana', licence: paid, amount_cents: 50000, fee_cents: 7500,
  }))).join(' '); // a long line wraps: read the lines as one
  assert(receipt.includes('Usage licence: Paid usage (Instagram, TikTok) · territory: US, MX · 90 days · licence USD 200.00 · exclusivity: skincare, 30 days'), receipt);
  const statement = (await extractPdfText(await statementPdf({
    document_number: 'S-2026-000002', issued_on: '2026-11-01', period: '2026-10', language: 'es', country: null, platform, creator_name: 'Ana',
    payouts_cents: 0,
    items: [
      { client_legal_name: 'Glow', client_address: null, service: 'Summer', licence: paid, gross_cents: 50000, fee_cents: 7500, net_cents: 42500, date: '2026-10-12' },
      { client_legal_name: 'Glow', client_address: null, service: 'Fall', licence: { ...paid, kind: 'organic', platforms: [], territory: null, term_days: 365, price_cents: null, exclusivity_category: null, exclusivity_days: null }, gross_cents: 100, fee_cents: 15, net_cents: 85, date: '2026-10-13' },
    ],
  }))).join(' '); // a long line wraps: read the lines as one
  for (const s of ['Licencia de uso: Uso pagado (Instagram, TikTok) · territorio: US, MX · 90 días · licencia USD 200.00 · exclusividad: skincare, 30 días', 'Licencia de uso: Solo publicación orgánica · todo el mundo · 365 días']) {
    assert(statement.includes(s), `missing ${s} in\n${statement}`);
  }
});

Deno.test('a renewal payment prints the days, period and price it bought, in the reader language (decision 0060)', async () => {
  const hire = { kind: 'paid' as const, platforms: ['instagram'], territory: null, term_days: 90, price_cents: 20000, exclusivity_category: 'skincare', exclusivity_days: 30 };
  const renewal = { term_days: 30, price_cents: 15000, starts_on: '2027-01-10', ends_on: '2027-02-09' };
  const receipt = (await extractPdfText(await receiptPdf({
    kind: 'receipt', document_number: 'R-2027-000001', issued_on: '2027-01-05', language: 'pt', platform,
    brand_name: 'Glow', campaign_title: 'Summer', creator_name: 'Ana', licence: { ...hire, renewal }, amount_cents: 15000, fee_cents: 2250,
  }))).join(' ');
  assert(receipt.includes('Licença de uso: Renovação de 30 dias, de 2027-01-10 a 2027-02-09 · licença USD 150.00 · Uso pago (Instagram) · mundo todo'), receipt);
  // Not the licence as agreed at hire: neither its 90 days, its price, nor its exclusivity.
  assert(!receipt.includes('90 dias') && !receipt.includes('USD 200.00') && !receipt.includes('exclusividade'), receipt);
  const statement = (await extractPdfText(await statementPdf({
    document_number: 'S-2027-000001', issued_on: '2027-02-01', period: '2027-01', language: 'es', country: null, platform, creator_name: 'Ana',
    payouts_cents: 0,
    items: [{ client_legal_name: 'Glow', client_address: null, service: 'Summer', licence: { ...hire, renewal: { ...renewal, starts_on: null, ends_on: null } }, gross_cents: 15000, fee_cents: 2250, net_cents: 12750, date: '2027-01-05' }],
  }))).join(' ');
  assert(statement.includes('Licencia de uso: Renovación de 30 días · licencia USD 150.00 · Uso pagado (Instagram) · todo el mundo'), statement);
});
