/** HTML-escapes text placed into the email's markup. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export interface EmailParts {
  lang: string;
  preheader: string;
  greeting: string;
  headline: string;
  body: string[];
  /** Lines listed under the body (a digest's conversations). */
  list: string[];
  action: { label: string; url: string };
  footer: string;
  /** Null for account emails, which no setting turns off. */
  unsubscribe: { label: string; url: string } | null;
  preferences: { label: string; url: string };
}

/**
 * One email's HTML: a single centred table with inline styles (what mail clients render alike), the
 * action as a button and its link also written out. No images, no scripts, no external styles.
 */
export function htmlEmail(p: EmailParts): string {
  const e = escapeHtml;
  const paragraphs = p.body.map((line) => `<p style="margin:0 0 12px;font-size:15px;line-height:22px;color:#334155">${e(line)}</p>`).join('');
  const list = p.list.length
    ? `<ul style="margin:0 0 16px;padding-left:20px;font-size:15px;line-height:22px;color:#334155">${p.list.map((l) => `<li>${e(l)}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="${e(p.lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${e(p.headline)}</title></head>
<body style="margin:0;padding:0;background:#f1f5f9;font-family:-apple-system,Segoe UI,Roboto,Helvetica,Arial,sans-serif">
<span style="display:none;max-height:0;overflow:hidden">${e(p.preheader)}</span>
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f1f5f9;padding:24px 12px"><tr><td align="center">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;background:#ffffff;border-radius:12px;border:1px solid #e2e8f0">
<tr><td style="padding:24px 28px 8px;font-size:14px;font-weight:700;color:#4f46e5;letter-spacing:.02em">Creator Marketplace</td></tr>
<tr><td style="padding:8px 28px 24px">
<p style="margin:0 0 12px;font-size:15px;color:#334155">${e(p.greeting)}</p>
<h1 style="margin:0 0 16px;font-size:20px;line-height:28px;color:#0f172a">${e(p.headline)}</h1>
${paragraphs}${list}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 16px"><tr><td style="border-radius:8px;background:#4f46e5">
<a href="${e(p.action.url)}" style="display:inline-block;padding:12px 20px;font-size:15px;font-weight:600;color:#ffffff;text-decoration:none">${e(p.action.label)}</a>
</td></tr></table>
<p style="margin:0;font-size:12px;line-height:18px;color:#64748b;word-break:break-all">${e(p.action.url)}</p>
</td></tr>
<tr><td style="padding:16px 28px 24px;border-top:1px solid #e2e8f0;font-size:12px;line-height:18px;color:#64748b">
${e(p.footer)}<br>
${p.unsubscribe ? `<a href="${e(p.unsubscribe.url)}" style="color:#4f46e5">${e(p.unsubscribe.label)}</a> · ` : ''}<a href="${e(p.preferences.url)}" style="color:#4f46e5">${e(p.preferences.label)}</a>
</td></tr>
</table></td></tr></table>
</body></html>`;
}

/** The same email as plain text, for clients that do not show HTML. */
export function textEmail(p: EmailParts): string {
  return [
    p.greeting,
    '',
    p.headline,
    '',
    ...p.body,
    ...(p.list.length ? ['', ...p.list.map((l) => `- ${l}`)] : []),
    '',
    `${p.action.label}: ${p.action.url}`,
    '',
    '--',
    p.footer,
    ...(p.unsubscribe ? [`${p.unsubscribe.label}: ${p.unsubscribe.url}`] : []),
    `${p.preferences.label}: ${p.preferences.url}`,
    '',
  ].join('\n');
}
