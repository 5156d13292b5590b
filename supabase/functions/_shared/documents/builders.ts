// The receipt (brand) and monthly statement (creator) PDFs. Every figure comes in cents and is printed
// with two decimals; platform details come from the database (app.platform_details), never from code.
import { type DocumentLicence, licenceText } from './licence-text.ts';
import { type Line, linesToPdf, usd } from './pdf-text.ts';
import { countryInvoiceNotes, type DocLanguage, docTexts } from './texts.ts';

export type { DocumentLicence };

export interface PlatformDetails {
  legal_name: string;
  address: string;
  tax_id: string;
  email: string;
}

export interface ReceiptData {
  kind: 'receipt' | 'refund_receipt';
  document_number: string;
  issued_on: string; // YYYY-MM-DD
  language: DocLanguage;
  platform: PlatformDetails;
  brand_name: string;
  campaign_title: string | null;
  creator_name: string | null;
  /** The campaign's usage rights; null when the campaign is gone. */
  licence?: DocumentLicence | null;
  amount_cents: number;
  fee_cents: number;
}

export interface StatementItem {
  client_legal_name: string;
  client_address: string | null;
  service: string;
  /** The campaign's usage rights (decision 0056); null when the campaign is gone. */
  licence: DocumentLicence | null;
  gross_cents: number;
  fee_cents: number;
  net_cents: number;
  date: string;
}

export interface StatementData {
  document_number: string;
  issued_on: string;
  period: string; // YYYY-MM
  language: DocLanguage;
  country: string | null;
  platform: PlatformDetails;
  creator_name: string;
  items: StatementItem[];
  payouts_cents: number;
}

function header(platform: PlatformDetails, t: (typeof docTexts)[DocLanguage]): Line[] {
  return [
    { text: `${t.issuer}: ${platform.legal_name}`, bold: true },
    { text: platform.address },
    { text: `Tax ID: ${platform.tax_id} · ${platform.email}` },
  ];
}

export function receiptLines(d: ReceiptData): Line[] {
  const t = docTexts[d.language];
  return [
    { text: `${d.kind === 'receipt' ? t.receipt : t.refundReceipt} ${d.document_number}`, bold: true, size: 16 },
    ...header(d.platform, t),
    { text: `${t.number}: ${d.document_number}`, gapBefore: 12 },
    { text: `${t.date}: ${d.issued_on}` },
    { text: `${t.client}: ${d.brand_name}` },
    { text: `${t.campaign}: ${d.campaign_title ?? '—'}` },
    { text: `${t.creator}: ${d.creator_name ?? '—'}` },
    ...(d.licence ? [{ text: `${t.licence}: ${licenceText(d.licence, d.language)}` }] : []),
    { text: `${t.amount}: ${usd(d.amount_cents)}`, bold: true, gapBefore: 12 },
    { text: `${t.fee}: ${usd(d.fee_cents)}` },
    { text: t.disclaimer, size: 8, gapBefore: 24 },
  ];
}

export function statementLines(d: StatementData): Line[] {
  const t = docTexts[d.language];
  const gross = d.items.reduce((s, i) => s + i.gross_cents, 0);
  const fee = d.items.reduce((s, i) => s + i.fee_cents, 0);
  const net = d.items.reduce((s, i) => s + i.net_cents, 0);
  const lines: Line[] = [
    { text: `${t.statement} ${d.document_number}`, bold: true, size: 16 },
    ...header(d.platform, t),
    { text: `${t.creator}: ${d.creator_name}`, gapBefore: 12 },
    { text: `${t.period}: ${d.period} · ${t.date}: ${d.issued_on}` },
  ];
  for (const i of d.items) {
    lines.push(
      { text: `${i.date} · ${t.client}: ${i.client_legal_name}${i.client_address ? `, ${i.client_address}` : ''}`, bold: true, gapBefore: 10 },
      { text: `${t.clientTaxStatus}: ${t.foreignClient}` },
      { text: `${t.service}: ${i.service}` },
      { text: `${t.licence}: ${i.licence ? licenceText(i.licence, d.language) : t.noLicence}` },
      { text: `${t.gross}: ${usd(i.gross_cents)} · ${t.fee}: ${usd(i.fee_cents)} · ${t.net}: ${usd(i.net_cents)}` },
    );
  }
  lines.push(
    { text: `${t.gross}: ${usd(gross)}`, bold: true, gapBefore: 14 },
    { text: `${t.fee}: ${usd(fee)}` },
    { text: `${t.net}: ${usd(net)}`, bold: true },
    { text: `${t.payouts}: ${usd(d.payouts_cents)}` },
  );
  const note = d.country ? countryInvoiceNotes[d.country]?.[d.language] : undefined;
  if (note) lines.push({ text: t.invoiceData, bold: true, gapBefore: 14 }, { text: note, size: 9 });
  lines.push({ text: t.disclaimer, size: 8, gapBefore: 24 });
  return lines;
}

export const receiptPdf = (d: ReceiptData) => linesToPdf(`${d.document_number}`, receiptLines(d));
export const statementPdf = (d: StatementData) => linesToPdf(`${d.document_number}`, statementLines(d));
