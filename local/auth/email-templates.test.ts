import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { emailSettings } from './email-settings.ts';
import { htmlToText, renderEmail } from './email-templates.ts';
import { renderGoTemplate } from './go-template.ts';
import { globToRegExp, isRedirectUrlValid } from './redirects.ts';

const settings = emailSettings(loadConfig({ SITE_URL: 'http://localhost:54321' }));
const data = (language?: string) => ({
  SiteURL: settings.siteUrl,
  ConfirmationURL: 'http://localhost:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=http://localhost:5173/reset',
  Email: 'ana@example.test',
  NewEmail: 'nueva@example.test',
  Token: '123456',
  TokenHash: 'abc',
  RedirectTo: 'http://localhost:5173/reset',
  Data: language ? { language, full_name: 'Ana' } : { full_name: 'Ana' },
});

describe('the Go-template subset', () => {
  it('renders fields, metadata, conditionals and trim markers, escaping as html/template does', () => {
    expect(renderGoTemplate('Hola {{ .Data.full_name }} <{{ .Email }}>', { Email: 'a+b@x.test', Data: { full_name: 'Ana & Co' } })).toBe('Hola Ana &amp; Co <a&#43;b@x.test>');
    const t = '{{ if eq .Data.language "en" }}Hi{{ else if eq .Data.language "fr" }}Salut{{ else }}Hola{{ end }}';
    expect(['en', 'fr', undefined].map((language) => renderGoTemplate(t, { Data: language ? { language } : {} }))).toEqual(['Hi', 'Salut', 'Hola']);
    expect(renderGoTemplate('a  {{- if .X -}}  yes  {{- end -}}  b', { X: true })).toBe('ayesb');
    expect(renderGoTemplate('{{/* note */}}{{ if not .Missing }}none{{ end }}', {})).toBe('none');
    expect(() => renderGoTemplate('{{ range .X }}{{ end }}', {})).toThrow(/unsupported/);
    expect(() => renderGoTemplate('{{ if .X }}open', {})).toThrow(/missing \{\{end\}\}/);
  });
});

describe('the templates of config.toml', () => {
  it('reads [auth.email.template.*] with content_path relative to the project root', () => {
    expect(settings.templates.recovery?.contentPath).toBe(path.resolve(settings.templates.recovery!.contentPath!));
    expect(settings.templates.recovery?.contentPath?.endsWith(path.join('supabase', 'templates', 'recovery.html'))).toBe(true);
    expect([settings.otpExpirySeconds, settings.maxFrequencyMs, settings.doubleConfirmChanges, settings.confirmations]).toEqual([3600, 60_000, true, false]);
  });

  for (const kind of ['recovery', 'confirmation', 'email_change'] as const) {
    it(`${kind}: Spanish by default, English for language "en", with the button, the link as text, the code and the expiry`, () => {
      const es = renderEmail(kind, settings, data());
      const en = renderEmail(kind, settings, data('en'));
      expect(es.html).toContain('<html lang="es">');
      expect(en.html).toContain('<html lang="en">');
      expect(es.text).toContain('Este enlace caduca en 1 hora.');
      expect(en.text).toContain('This link expires in 1 hour.');
      for (const mail of [es, en]) {
        expect(mail.html).toContain('href="http://localhost:54321/auth/v1/verify?token=abc&amp;type=recovery&amp;redirect_to=http://localhost:5173/reset"');
        expect(mail.text).toContain('http://localhost:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=http://localhost:5173/reset');
        expect(mail.text).toMatch(/^123456$/m);
        expect(mail.html).not.toMatch(/\{\{|\}\}/);
      }
      expect(es.subject).not.toBe(en.subject);
    });
  }

  // Issue 37: a Portuguese branch in each ({{ else if }}, which GoTrue's text/template and ours both take).
  const PORTUGUESE = {
    confirmation: { subject: 'Confirme seu e-mail', button: 'Confirmar meu e-mail', closing: 'Se você não se cadastrou, pode ignorar este e-mail.' },
    recovery: { subject: 'Redefina sua senha', button: 'Criar nova senha', closing: 'Se não foi você que pediu, pode ignorar este e-mail: sua senha continua a mesma.' },
    email_change: { subject: 'Confirme seu novo e-mail', button: 'Confirmar a troca', closing: 'Se você não pediu essa troca, ignore este e-mail e seu endereço continua o mesmo.' },
  } as const;
  for (const kind of ['recovery', 'confirmation', 'email_change'] as const) {
    it(`${kind}: Brazilian Portuguese for language "pt", subject, body, button, link, code and expiry, no Spanish or English`, () => {
      const pt = renderEmail(kind, settings, data('pt'));
      const words = PORTUGUESE[kind];
      expect(pt.subject).toBe(words.subject);
      expect(pt.html).toContain('<html lang="pt-BR">');
      expect(pt.html).toContain(`<title>${words.subject}</title>`);
      expect(pt.html).toContain(`>${words.button}</a>`);
      expect(pt.text).toContain('Se o botão não funcionar, copie este link e cole no seu navegador:');
      expect(pt.text).toContain('Ou digite este código:');
      expect(pt.text).toMatch(/^123456$/m);
      expect(pt.text).toContain(`Este link expira em 1 hora. ${words.closing}`);
      expect(pt.text).toContain('http://localhost:54321/auth/v1/verify?token=abc&type=recovery&redirect_to=http://localhost:5173/reset');
      expect(pt.html).not.toMatch(/\{\{|\}\}/);
      expect(pt.text).not.toMatch(/\b(tu|correo|enlace|your|email)\b/i);
      // Spanish stays the default for any other value.
      expect(renderEmail(kind, settings, data('pt-BR')).html).toContain('<html lang="es">');
    });
  }

  it('subjects are templates too; a template that does not parse falls back to GoTrue\'s default', () => {
    expect(renderEmail('recovery', settings, data('en')).subject).toBe('Reset your password');
    expect(renderEmail('recovery', settings, data()).subject).toBe('Restablece tu contraseña');
    const logged: string[] = [];
    const broken = renderEmail('recovery', { templates: { recovery: { subject: '{{ if .X }}' } } }, data(), (l) => logged.push(l));
    expect(broken.subject).toBe('Reset your password');
    expect(broken.html).toContain('<h2>Reset your password</h2>');
    expect(logged[0]).toMatch(/does not parse/);
  });

  it('derives readable text from HTML', () => {
    expect(htmlToText('<p>Hola&nbsp;<b>Ana</b></p><p><a href="http://x.test/?a=1&amp;b=2">Entrar</a></p>')).toBe('Hola Ana\nEntrar: http://x.test/?a=1&b=2');
  });

  it('user metadata with line breaks stays on its line of the text part and the subject (issue 29, item 7)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'auth-template-'));
    const file = path.join(dir, 'recovery.html');
    writeFileSync(file, '<h2>Hola {{ .Data.full_name }},</h2>\n<p>Tu código:\n{{ .Token }}</p>\n<p>Bio: {{ .Data.bio }}</p>');
    const custom = { templates: { recovery: { subject: 'Hola {{ .Data.full_name }}', contentPath: file } } };
    try {
      const injected = 'URGENT: verify your bank at http://evil.example';
      for (const sep of ['\r\n\r\n', '\n', '\r', '\u000b', '\u000c', '\u0085', '\u2028', '\u2029', '\u001b']) {
        const mail = renderEmail('recovery', custom, { ...data(), Data: { full_name: `Ana${sep}${injected}`, bio: `${sep}${injected}` } });
        const lines = mail.text.split(/\r\n|[\n\r\v\f\u0085\u2028\u2029]/);
        expect(lines.filter((line) => line.trimStart().startsWith('URGENT')), JSON.stringify(sep)).toEqual([]);
        expect(mail.text, JSON.stringify(sep)).toContain(`Hola Ana ${injected},\nTu código: 123456\nBio: ${injected}`);
        expect(mail.subject, JSON.stringify(sep)).toBe(`Hola Ana ${injected}`);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('redirect_to allow list (GoTrue IsRedirectURLValid)', () => {
  const s = { siteUrl: 'https://app.example.com', redirectAllowList: ['http://localhost:5173', 'https://*.example.org/**'] };
  it('accepts the site, loopback and the allow list globs; refuses the rest', () => {
    expect(isRedirectUrlValid(s, 'https://app.example.com/reset')).toBe(true);
    expect(isRedirectUrlValid(s, 'http://127.0.0.1:9999/x')).toBe(true);
    expect(isRedirectUrlValid(s, 'http://localhost:5173')).toBe(true);
    expect(isRedirectUrlValid(s, 'https://preview.example.org/a/b')).toBe(true);
    expect(isRedirectUrlValid(s, 'https://a.b.example.org/')).toBe(false);
    expect(isRedirectUrlValid(s, 'https://evil.example.com/')).toBe(false);
    expect(isRedirectUrlValid(s, 'http://2130706433/')).toBe(false);
    expect(globToRegExp('https://{a,b}.test/*').test('https://b.test/x')).toBe(true);
  });
});
