/**
 * redirect_to values an attacker sends to get a session-bearing email link pointed at a host of theirs
 * (issue 29, item 1). Each must be refused, so the link goes to the site URL instead. `site` is the
 * stack's site URL (scheme, host and port are spliced in, as an attacker would copy them).
 *
 * Not a test file itself: local/auth/redirect-bypass.test.ts runs it through isRedirectUrlValid and
 * through the real /recover, /verify, /resend, /signup and /user routes.
 */
export function redirectBypassCorpus(site: string): Array<{ shape: string; value: string }> {
  const u = new URL(site);
  const at = u.host; // host:port of the site, e.g. localhost:54321
  const scheme = u.protocol; // 'http:'
  const shapes: Array<[string, string]> = [
    // The reported takeover: the allow list read `evil.example\` as user info; a browser reads `\` as `/`.
    ['backslash before @', `${scheme}//evil.example\\@${at}/auth/reset-password`],
    ['backslash after the site', `${scheme}//${at}\\@evil.example/`],
    ['user info naming the site', `${scheme}//${at}@evil.example/`],
    ['user info of the attacker', `${scheme}//evil.example@${at}/`],
    ['user info with a password', `${scheme}//evil.example:pw@${at}/`],
    ['fragment before @', `${scheme}//evil.example#@${at}/`],
    ['query before @', `${scheme}//evil.example?@${at}/`],
    ['scheme-relative', '//evil.example/'],
    ['slash backslash', '/\\evil.example/'],
    ['double backslash', '\\\\evil.example/'],
    ['backslashes after the scheme', `${scheme}\\\\evil.example\\`],
    ['slash then backslash after the scheme', `${scheme}/\\evil.example/`],
    ['no slashes after the scheme', `${scheme}evil.example/`],
    ['one slash after the scheme', `${scheme}/evil.example/`],
    ['three slashes after the scheme', `${scheme}///evil.example/`],
    ['tab inside the scheme', `ht\ttp://evil.example/`],
    ['newline inside the scheme', `ht\ntp://evil.example/`],
    ['tab inside the host', `${scheme}//evil\t.example/`],
    ['newline inside the host', `${scheme}//${u.hostname}\n.evil.example/`],
    ['carriage return before @', `${scheme}//evil.example\r@${at}/`],
    ['tab before @', `${scheme}//evil.example\t@${at}/`],
    ['NUL inside the host', `${scheme}//evil.example\u0000.${at}/`],
    ['leading space', ` ${scheme}//evil.example/`],
    ['trailing space', `${scheme}//evil.example/ `],
    ['line separator before @', `${scheme}//evil.example\u2028@${at}/`],
    ['no-break space inside the host', `${scheme}//evil.example\u00a0@${at}/`],
    ['zero-width space before @', `${scheme}//evil.example\u200b@${at}/`],
    ['percent-encoded backslash', `${scheme}//evil.example%5C@${at}/`],
    ['percent-encoded at', `${scheme}//evil.example%40${at}/`],
    ['percent-encoded slash', `${scheme}//evil.example%2F@${at}/`],
    ['percent-encoded colon', `${scheme}//${u.hostname}%3A${u.port}@evil.example/`],
    ['percent-encoded host', `${scheme}//%65vil.example/`],
    ['fullwidth backslash', `${scheme}//evil.example\uff3c@${at}/`],
    ['fullwidth at', `${scheme}//evil.example\uff20${at}/`],
    ['fullwidth solidus', `${scheme}//evil.example\uff0f@${at}/`],
    ['small reverse solidus', `${scheme}//evil.example\ufe68@${at}/`],
    ['ideographic full stop', `${scheme}//${u.hostname}\u3002evil.example/`],
    ['fullwidth letters', `${scheme}//\uff45\uff56\uff49\uff4c.example/`],
    ['the site as a subdomain of the attacker', `${scheme}//${u.hostname}.evil.example/`],
    ['the site port as part of the host', `${scheme}//${at}.evil.example/`],
    ['decimal IP', `${scheme}//2130706433/`],
    ['hexadecimal IP', `${scheme}//0x7f.0.0.1/`],
    ['javascript', `javascript:alert(document.cookie)//${at}/`],
    ['javascript, mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript behind a tab', 'java\tscript:alert(1)'],
    ['data', 'data:text/html,<script>alert(1)</script>'],
    ['vbscript', 'vbscript:msgbox(1)'],
    ['file', 'file:///etc/passwd'],
  ];
  return shapes.map(([shape, value]) => ({ shape, value }));
}
