// Draws plain text pages with a standard font (Helvetica, WinAnsi encoding: á é í ó ú ñ ç ã õ render
// without embedding a font file). Shared by the receipt and the statement builders.
import { PDFDocument, type PDFFont, StandardFonts } from '@pdfme/pdf-lib';

export interface Line {
  text: string;
  bold?: boolean;
  size?: number;
  gapBefore?: number;
}

const MARGIN = 50;
const WIDTH = 595.28; // A4
const HEIGHT = 841.89;

/** Replaces characters WinAnsi cannot encode (e.g. CJK, emoji) with '?', so a name never breaks the PDF. */
export function winAnsiSafe(font: PDFFont, text: string): string {
  const allowed = new Set(font.getCharacterSet());
  return Array.from(text).map((c) => (allowed.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Cuts a line into pieces that fit the page width. */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const words = text.split(' ');
  const out: string[] = [];
  let current = '';
  for (const w of words) {
    const candidate = current ? `${current} ${w}` : w;
    if (font.widthOfTextAtSize(candidate, size) <= width || !current) current = candidate;
    else {
      out.push(current);
      current = w;
    }
  }
  out.push(current);
  return out;
}

export async function linesToPdf(title: string, lines: Line[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(title);
  doc.setProducer('Marketplace documents');
  // Fixed dates keep a re-render of the same document byte-stable.
  doc.setCreationDate(new Date(0));
  doc.setModificationDate(new Date(0));
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  let page = doc.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;
  for (const line of lines) {
    const font = line.bold ? bold : regular;
    const size = line.size ?? 10;
    y -= line.gapBefore ?? 0;
    for (const piece of wrap(font, size, winAnsiSafe(font, line.text), WIDTH - 2 * MARGIN)) {
      if (y < MARGIN + size) {
        page = doc.addPage([WIDTH, HEIGHT]);
        y = HEIGHT - MARGIN;
      }
      y -= size * 1.4;
      page.drawText(piece, { x: MARGIN, y, size, font });
    }
  }
  // Uncompressed object streams keep the text findable by simple tools and tests.
  return await doc.save({ useObjectStreams: false });
}

/** Cents as dollars with two decimals, e.g. 125000 -> "USD 1,250.00". */
export function usd(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(Math.trunc(cents));
  const whole = Math.floor(abs / 100).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}USD ${whole}.${String(abs % 100).padStart(2, '0')}`;
}
