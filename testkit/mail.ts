/**
 * Reading the emails the stack sent, through the mail viewer's JSON API (/_mail/api/v1, served to loopback
 * clients only). The shapes are restated here rather than imported: suites reach the stack over HTTP.
 */
export interface CaughtMailSummary {
  id: string;
  receivedAt: string;
  from: string;
  to: string[];
  subject: string;
  snippet: string;
}

export interface CaughtMailMessage extends CaughtMailSummary {
  messageId: string | null;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  size: number;
  /** The HTML part's hrefs (else the text's URLs), entities decoded: a recovery link is followable as is. */
  links: string[];
  /** Files attached; their bytes come from mailPart. */
  attachments: { partId: string; filename: string; contentType: string; size: number }[];
}

export interface WaitForMailOptions {
  /** An envelope recipient, matched whole and case-insensitively. */
  to: string;
  subject?: RegExp;
  /** Only mail received after this ISO time (e.g. taken just before the action that sends it). */
  after?: string;
  timeoutMs?: number;
}

function api(baseUrl: string, path: string): string {
  return `${baseUrl.replace(/\/$/, '')}/_mail/api/v1${path}`;
}

async function getJson<T>(url: string): Promise<T> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export async function listMail(baseUrl: string, to?: string): Promise<CaughtMailSummary[]> {
  const query = to ? `?to=${encodeURIComponent(to)}` : '';
  return (await getJson<{ messages: CaughtMailSummary[] }>(api(baseUrl, `/messages${query}`))).messages;
}

export async function getMail(baseUrl: string, id: string): Promise<CaughtMailMessage> {
  return getJson<CaughtMailMessage>(api(baseUrl, `/message/${encodeURIComponent(id)}`));
}

/**
 * The newest email to `to` matching `subject` and `after`, once it arrives (sending is asynchronous: an
 * outbox drained by a function, an SMTP hop). Fails with what did arrive for that address, if anything.
 */
export async function waitForMail(baseUrl: string, opts: WaitForMailOptions): Promise<CaughtMailMessage> {
  const until = Date.now() + (opts.timeoutMs ?? 15_000);
  const after = opts.after ? Date.parse(opts.after) : undefined;
  for (;;) {
    const mails = await listMail(baseUrl, opts.to);
    const match = mails.find(
      (m) => (!opts.subject || opts.subject.test(m.subject)) && (after === undefined || Date.parse(m.receivedAt) > after),
    );
    if (match) return getMail(baseUrl, match.id);
    if (Date.now() > until) {
      const seen = mails.map((m) => `  ${m.receivedAt} "${m.subject}"`).join('\n') || '  (none)';
      const wanted = [opts.subject && `subject ${opts.subject}`, opts.after && `after ${opts.after}`].filter(Boolean).join(', ');
      throw new Error(`no email to ${opts.to}${wanted ? ` (${wanted})` : ''} within ${opts.timeoutMs ?? 15_000} ms; received for that address:\n${seen}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The bytes of one attachment of a caught email. */
export async function mailPart(baseUrl: string, id: string, partId: string): Promise<Uint8Array> {
  const url = api(baseUrl, `/message/${encodeURIComponent(id)}/part/${encodeURIComponent(partId)}`);
  const res = await fetch(url);
  if (!res.ok) throw new Error(`GET ${url}: ${res.status} ${await res.text()}`);
  return new Uint8Array(await res.arrayBuffer());
}

export async function clearMail(baseUrl: string): Promise<void> {
  const res = await fetch(api(baseUrl, '/messages'), { method: 'DELETE' });
  if (!res.ok) throw new Error(`DELETE /_mail/api/v1/messages: ${res.status} ${await res.text()}`);
}
