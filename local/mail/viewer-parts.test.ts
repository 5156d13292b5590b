import { describe, expect, it } from 'vitest';
import { isCrossOrigin } from './viewer-access.ts';
import { decodeEntities, mailLinks } from './viewer-links.ts';
import { framedHtml } from './viewer-pages.ts';
import type { IncomingMessage } from 'node:http';

describe('mailLinks', () => {
  it('reads every quoting of href, decodes entities, dedupes and drops unsafe schemes', () => {
    const html = `<a href="https://a.test/?x=1&amp;y=2">1</a><A class=b HREF='https://b.test/'>2</A>
      <a href=https://c.test/p>3</a><a href="https://a.test/?x=1&amp;y=2">again</a>
      <a href="javascript:alert(1)">x</a><a href="data:text/html,hi">x</a><a href="mailto:help@x.test">m</a><a href="/relative">r</a>`;
    expect(mailLinks({ html, text: 'https://ignored.test' })).toEqual([
      'https://a.test/?x=1&y=2',
      'https://b.test/',
      'https://c.test/p',
      'mailto:help@x.test',
    ]);
  });

  it('finds URLs in the text without the sentence punctuation around them', () => {
    expect(mailLinks({ html: null, text: 'See (https://a.test/x?y=1), then https://b.test/z.\nBye' })).toEqual(['https://a.test/x?y=1', 'https://b.test/z']);
  });

  it('decodes numeric references and leaves unknown ones', () => {
    expect(decodeEntities('&#x3D;&#61;&foo;&amp;')).toBe('==&foo;&');
  });
});

describe('framedHtml', () => {
  it('puts <base target="_blank"> inside <head>, after a doctype, or first', () => {
    expect(framedHtml('<html><HEAD lang="x"><title>t</title>')).toBe('<html><HEAD lang="x"><base target="_blank"><title>t</title>');
    expect(framedHtml('<!DOCTYPE html><p>x')).toBe('<!DOCTYPE html><base target="_blank"><p>x');
    expect(framedHtml('<p>x</p>')).toBe('<base target="_blank"><p>x</p>');
  });
});

describe('isCrossOrigin', () => {
  const req = (method: string, headers: Record<string, string>) => ({ method, headers: { host: 'localhost:54321', ...headers } }) as unknown as IncomingMessage;
  it('lets the viewer itself, direct visits and tools in, and links from elsewhere open pages', () => {
    expect(isCrossOrigin(req('GET', {}))).toBe(false);
    expect(isCrossOrigin(req('POST', { origin: 'http://localhost:54321', 'sec-fetch-site': 'same-origin' }))).toBe(false);
    expect(isCrossOrigin(req('GET', { 'sec-fetch-site': 'none', 'sec-fetch-mode': 'navigate' }))).toBe(false);
    expect(isCrossOrigin(req('GET', { 'sec-fetch-site': 'same-site', 'sec-fetch-mode': 'navigate' }))).toBe(false);
  });
  it('refuses other origins reading or writing', () => {
    expect(isCrossOrigin(req('GET', { origin: 'http://localhost:5173' }))).toBe(true);
    expect(isCrossOrigin(req('GET', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'no-cors' }))).toBe(true);
    expect(isCrossOrigin(req('POST', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate' }))).toBe(true);
    expect(isCrossOrigin(req('DELETE', { origin: 'null' }))).toBe(true);
  });
});
