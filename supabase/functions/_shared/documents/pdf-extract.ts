// Reads the text back out of a PDF this module drew (Flate content streams, hex-string Tj operators,
// WinAnsi bytes). Enough for tests and for checking a stored document; not a general PDF parser.
async function inflate(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new Blob([bytes as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new DecompressionStream('deflate'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

export async function extractPdfText(pdf: Uint8Array): Promise<string[]> {
  const raw = new TextDecoder('latin1').decode(pdf);
  const lines: string[] = [];
  const streams = /<<([^]*?)>>\s*stream\r?\n/g;
  let m: RegExpExecArray | null;
  while ((m = streams.exec(raw))) {
    const start = m.index + m[0].length;
    const length = /\/Length (\d+)/.exec(m[1]!);
    const end = length ? start + Number(length[1]) : raw.indexOf('endstream', start);
    let body: Uint8Array = pdf.slice(start, end);
    if (/\/FlateDecode/.test(m[1]!)) body = await inflate(body);
    const content = new TextDecoder('latin1').decode(body);
    for (const t of content.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      const hex = t[1]!;
      const bytes = new Uint8Array(hex.length / 2);
      for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(2 * i, 2 * i + 2), 16);
      lines.push(new TextDecoder('windows-1252').decode(bytes));
    }
  }
  return lines;
}
