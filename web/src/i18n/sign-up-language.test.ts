import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from './locale-store';
import { LOCALE_STORAGE_KEY } from './locales';
import { signUpLanguage } from './sign-up-language';

describe('signUpLanguage: the language a new account starts in (issue 37)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('marks the screen language picked when the browser asked for it', async () => {
    vi.stubGlobal('navigator', { languages: ['pt-BR', 'en'] });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
    await setLocale('pt', { remember: false });
    expect(signUpLanguage()).toEqual({ language: 'pt', language_picked: true });
  });

  it('marks it picked when chosen with the switch, whatever the browser says', async () => {
    vi.stubGlobal('navigator', { languages: ['fr'] });
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === LOCALE_STORAGE_KEY ? 'en' : null), setItem: () => undefined });
    await setLocale('en', { remember: false });
    expect(signUpLanguage()).toEqual({ language: 'en', language_picked: true });
  });

  it('does not for a browser\'s Spanish or English: the role\'s language applies (a brand reads English)', async () => {
    vi.stubGlobal('navigator', { languages: ['es-MX'] });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
    await setLocale('es', { remember: false });
    expect(signUpLanguage()).toEqual({ language: 'es', language_picked: false });
  });

  it('does not when the screen shows the default to a browser that asked for none of ours', async () => {
    vi.stubGlobal('navigator', { languages: ['fr-FR'] });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
    await setLocale('es', { remember: false });
    expect(signUpLanguage()).toEqual({ language: 'es', language_picked: false });
  });

  it('makes a creator from Brazil\'s screen language Portuguese when none was picked (Auth\'s first email)', async () => {
    vi.stubGlobal('navigator', { languages: ['es-MX'] });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
    await setLocale('es', { remember: false });
    expect(signUpLanguage('BR')).toEqual({ language: 'pt', language_picked: false });
    expect(signUpLanguage('MX')).toEqual({ language: 'es', language_picked: false });
  });

  it('leaves a picked language alone for Brazil', async () => {
    vi.stubGlobal('navigator', { languages: ['fr'] });
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === LOCALE_STORAGE_KEY ? 'es' : null), setItem: () => undefined });
    await setLocale('es', { remember: false });
    expect(signUpLanguage('BR')).toEqual({ language: 'es', language_picked: true });
  });
});
