/** Where the viewer is mounted on the stack's server; every link of its pages is absolute under it. */
export const MAIL_VIEWER_PATH = '/_mail';

/** For element text and quoted attribute values alike. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

const STYLE = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; line-height: 1.45; }
body { margin: 0; background: #f6f7f9; color: #1a1f36; }
header.bar { background: #1a1f36; color: #fff; padding: .75rem 1rem; }
header.bar p { margin: 0; font-weight: 600; }
header.bar a { color: #fff; }
header.bar .note { color: #c7cbe0; font-weight: 400; }
main { max-width: 72rem; margin: 0 auto; padding: 1rem; }
h1 { font-size: 1.375rem; margin: .5rem 0 1rem; overflow-wrap: anywhere; }
h2 { font-size: 1.0625rem; margin: 1.5rem 0 .5rem; }
a { color: #4338ca; }
a:focus-visible, button:focus-visible, input:focus-visible, summary:focus-visible { outline: 3px solid #635bff; outline-offset: 2px; }
.toolbar { display: flex; flex-wrap: wrap; gap: .75rem; align-items: end; justify-content: space-between; margin-bottom: 1rem; }
.toolbar form { display: flex; flex-wrap: wrap; gap: .5rem; align-items: end; }
label { display: block; font-weight: 600; font-size: .875rem; margin-bottom: .25rem; }
input[type=search] { font: inherit; padding: .5rem .625rem; border: 1px solid #6b7280; border-radius: .375rem; width: 18rem; max-width: 100%; box-sizing: border-box; }
button { font: inherit; font-weight: 600; padding: .5rem .875rem; border-radius: .375rem; border: 1px solid #4338ca; background: #4338ca; color: #fff; cursor: pointer; }
button.danger { background: #fff; color: #912018; border-color: #912018; }
.panel { background: #fff; border-radius: .5rem; box-shadow: 0 1px 3px rgba(0,0,0,.12); }
table { width: 100%; border-collapse: collapse; }
th, td { text-align: left; padding: .625rem .75rem; border-bottom: 1px solid #e4e7ec; vertical-align: top; overflow-wrap: break-word; }
td.subject { overflow-wrap: anywhere; }
th { font-size: .8125rem; text-transform: uppercase; letter-spacing: .03em; color: #4b5563; }
tbody tr { position: relative; }
tbody tr:hover { background: #f5f5ff; }
td.subject a { font-weight: 600; text-decoration: none; }
td.subject a::after { content: ""; position: absolute; inset: 0; }
td.subject a:hover { text-decoration: underline; }
.snippet { display: block; color: #4b5563; font-size: .875rem; font-weight: 400; }
.muted { color: #4b5563; }
td.when { white-space: nowrap; color: #4b5563; font-size: .875rem; }
.empty { padding: 2rem 1rem; text-align: center; }
dl.meta { display: grid; grid-template-columns: max-content 1fr; gap: .375rem 1rem; margin: 0; padding: 1rem; }
dl.meta dt { font-weight: 600; color: #4b5563; }
dl.meta dd { margin: 0; overflow-wrap: anywhere; }
iframe { display: block; width: 100%; height: 34rem; border: 0; border-top: 1px solid #e4e7ec; background: #fff; resize: vertical; }
pre { margin: 0; padding: 1rem; white-space: pre-wrap; overflow-wrap: anywhere; font-size: .875rem; }
ul.links { margin: 0; padding: .75rem 1rem .75rem 2rem; }
ul.links li { margin: .375rem 0; overflow-wrap: anywhere; }
details { margin-top: 1.5rem; }
summary { cursor: pointer; font-weight: 600; }
details dl.meta { font-size: .8125rem; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
@media (max-width: 40rem) {
  main { padding: .75rem; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
  table, tbody, tr, td { display: block; }
  tbody tr { padding: .625rem .75rem; border-bottom: 1px solid #e4e7ec; }
  td { padding: 0; border: 0; }
  td.when { font-size: .8125rem; }
  td.to::before { content: "To: "; color: #4b5563; }
  td.subject { margin-top: .25rem; }
  dl.meta { grid-template-columns: 1fr; gap: 0; }
  dl.meta dd { margin-bottom: .5rem; }
  iframe { height: 28rem; }
}
`;

/** A complete viewer page; the nonce lets its inline style (and script, if any) through its CSP. */
export function viewerPage(opts: { title: string; body: string; nonce: string; script?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(opts.title)}</title>
<style nonce="${opts.nonce}">${STYLE}</style>
</head>
<body>
<header class="bar"><p><a href="${MAIL_VIEWER_PATH}/">Local mail</a> <span class="note">· caught by the local stack, never delivered</span></p></header>
<main>
${opts.body}
</main>
${opts.script ? `<script nonce="${opts.nonce}">${opts.script}</script>` : ''}
</body>
</html>`;
}

/** How a time reads on the developer's own machine (the stack runs there, so its zone is theirs). */
export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hour12: false,
  });
}
