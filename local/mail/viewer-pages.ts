import type { MailDetail, MailList } from './viewer-api.ts';
import { escapeHtml, formatTime, MAIL_VIEWER_PATH, viewerPage } from './viewer-html.ts';

const BASE = MAIL_VIEWER_PATH;

/**
 * Reloads the list when a new email arrives, as Mailpit does, but never while the reader is typing a
 * filter (a reload would eat the keystrokes) or while the tab is hidden.
 */
const LIVE_SCRIPT = `
(() => {
  const table = document.getElementById('mail-list');
  const newest = table ? table.dataset.newest : '';
  setInterval(async () => {
    if (document.hidden || document.activeElement?.tagName === 'INPUT') return;
    try {
      const res = await fetch('${BASE}/api/v1/messages', { cache: 'no-store' });
      const list = await res.json();
      if ((list.messages[0]?.id ?? '') !== (newest ?? '')) location.reload();
    } catch {}
  }, 2000);
})();`;

/** The inbox: every caught email, newest first, filterable by recipient. */
export function listPage(list: MailList, filter: string, smtp: string, nonce: string): string {
  const rows = list.messages
    .map(
      (m) => `<tr>
<td class="when"><time datetime="${escapeHtml(m.receivedAt)}">${escapeHtml(formatTime(m.receivedAt))}</time></td>
<td class="from">${escapeHtml(m.from)}</td>
<td class="to">${escapeHtml(m.to.join(', '))}</td>
<td class="subject"><a href="${BASE}/messages/${encodeURIComponent(m.id)}">${escapeHtml(m.subject || '(no subject)')}</a><span class="snippet">${escapeHtml(m.snippet)}</span></td>
</tr>`,
    )
    .join('\n');
  const count = `${list.total} ${list.total === 1 ? 'email' : 'emails'}${filter ? ` to ${escapeHtml(filter)}` : ''}`;
  const body = `<h1>Emails</h1>
<div class="toolbar">
<form method="get" action="${BASE}/" role="search">
<div><label for="to">Filter by recipient</label>
<input type="search" id="to" name="to" value="${escapeHtml(filter)}" placeholder="name@example.test" autocomplete="off"></div>
<button type="submit">Filter</button>${filter ? ` <a href="${BASE}/">Show all</a>` : ''}
</form>
${
  list.total > 0 || filter
    ? `<form method="post" action="${BASE}/delete">
<button type="submit" class="danger">Delete all</button>
</form>`
    : ''
}
</div>
<p class="muted" aria-live="polite">${count}</p>
<div class="panel">
${
  list.total === 0
    ? `<p class="empty">No emails yet. Everything the stack sends (sign-up confirmations, password recovery, notifications) lands here: its SMTP server listens on ${escapeHtml(smtp)}.</p>`
    : `<table id="mail-list" data-newest="${escapeHtml(list.messages[0]?.id ?? '')}">
<caption class="visually-hidden">Emails, newest first</caption>
<thead><tr><th scope="col">Received</th><th scope="col">From</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`
}
</div>`;
  // Without mail there is no table: the script then reloads on the first email (newest '' differs).
  return viewerPage({ title: 'Local mail', body, nonce, script: LIVE_SCRIPT });
}

/** One email: its headers, the HTML part in a sandboxed frame, its links, and the text part. */
export function messagePage(mail: MailDetail, nonce: string): string {
  const header = (name: string) => mail.headers[name.toLowerCase()];
  const rows: [string, string | undefined][] = [
    ['From', mail.from],
    ['To', mail.to.join(', ')],
    ['Subject', mail.subject],
    ['Date', header('Date') ?? mail.receivedAt],
    ['List-Unsubscribe', header('List-Unsubscribe')],
    ['List-Unsubscribe-Post', header('List-Unsubscribe-Post')],
  ];
  const meta = rows
    .filter((r): r is [string, string] => r[1] !== undefined)
    .map(([k, v]) => `<dt>${k}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('\n');
  const links = mail.links.length
    ? `<ul class="links">${mail.links.map((l) => `<li><a href="${escapeHtml(l)}" target="_blank" rel="noopener noreferrer">${escapeHtml(l)}</a></li>`).join('')}</ul>`
    : '<p class="empty">No links.</p>';
  const attachments = mail.attachments.length
    ? `<section aria-labelledby="attachments-part"><h2 id="attachments-part">Attachments</h2>
<div class="panel"><ul class="links">${mail.attachments
        .map((a) => `<li><a href="${BASE}/api/v1/message/${encodeURIComponent(mail.id)}/part/${encodeURIComponent(a.partId)}" download>${escapeHtml(a.filename)}</a> (${escapeHtml(a.contentType)}, ${a.size} bytes)</li>`)
        .join('')}</ul></div></section>`
    : '';
  const allHeaders = Object.entries(mail.headers)
    .map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${escapeHtml(v)}</dd>`)
    .join('\n');
  const id = encodeURIComponent(mail.id);
  // The frame runs no script and gets a unique origin (no allow-same-origin), so an email cannot reach
  // the viewer or the stack; popups escape the sandbox so its links open as ordinary tabs.
  const html = mail.html
    ? `<section aria-labelledby="html-part"><h2 id="html-part">HTML</h2>
<div class="panel"><iframe src="${BASE}/messages/${id}/html" title="HTML part of the email" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" loading="lazy"></iframe></div></section>`
    : '';
  const body = `<p><a href="${BASE}/">← All emails</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<div class="panel"><dl class="meta">
${meta}
</dl></div>
${html}
${attachments}
<section aria-labelledby="links-part"><h2 id="links-part">Links in this email</h2>
<div class="panel">${links}</div></section>
<section aria-labelledby="text-part"><h2 id="text-part">Plain text</h2>
<div class="panel"><pre>${escapeHtml(mail.text || '(no text part)')}</pre></div></section>
<details><summary>All headers</summary><div class="panel"><dl class="meta">
${allHeaders}
</dl></div></details>`;
  return viewerPage({ title: `${mail.subject || '(no subject)'} · Local mail`, body, nonce });
}

/**
 * The HTML part as the frame shows it. A <base target="_blank"> makes every link open a new tab: in the
 * frame itself most sites refuse to load (X-Frame-Options), and the sandbox lets popups out.
 */
export function framedHtml(html: string): string {
  const base = '<base target="_blank">';
  // After <head>, else after the doctype: anything before a doctype would put the page in quirks mode.
  const anchor = /<head\b[^>]*>/i.exec(html) ?? /^\s*<!doctype[^>]*>/i.exec(html);
  const at = anchor ? anchor.index + anchor[0].length : 0;
  return html.slice(0, at) + base + html.slice(at);
}
