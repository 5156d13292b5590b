import { readFile } from 'node:fs/promises';
import type { Download } from '@playwright/test';
import { extractPdfText } from '../../supabase/functions/_shared/documents/pdf-extract.ts';
import { loadConfig } from '../runtime.ts';
import { stackUrl } from './clients.ts';

/** Runs the documents function once, as its every-minute job does: pending receipts and statements get their PDF. */
export async function renderDocuments(): Promise<{ rendered: string[]; failed: string[] }> {
  const res = await fetch(`${stackUrl()}/functions/v1/documents/render`, {
    method: 'POST',
    headers: { authorization: `Bearer ${loadConfig(process.env).serviceRoleKey}`, 'content-type': 'application/json' },
    body: '{}',
  });
  const body = (await res.json()) as { rendered: string[]; failed: string[] };
  if (!res.ok) throw new Error(`documents/render answered ${res.status}: ${JSON.stringify(body)}`);
  return body;
}

/** The text lines of a PDF the browser downloaded (read back as the Deno builders test reads its PDFs). */
export async function downloadedPdfText(download: Download): Promise<{ head: string; text: string }> {
  const bytes = new Uint8Array(await readFile(await download.path()));
  return { head: new TextDecoder().decode(bytes.slice(0, 5)), text: (await extractPdfText(bytes)).join('\n') };
}
