import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/i18n/locale-store';
import { LOCALE_STORAGE_KEY } from '@/i18n/locales';
import type { RegisterInput } from './auth-schemas';
import { signUp } from './sign-up';

// What the sign-up sends to Auth: the metadata app.handle_new_user and app.sign_up_language read.
const authSignUp = vi.fn();
vi.mock('@/lib/supabase-loader', () => ({ loadSupabase: async () => ({ supabase: { auth: { signUp: authSignUp } } }) }));
vi.mock('./check-username', () => ({ isUsernameAvailable: async () => true }));
vi.mock('./email-links', () => ({ confirmEmailRedirect: () => 'http://app.test/auth/confirm' }));

const input: RegisterInput = {
  role: 'creator',
  fullName: 'Ana Souza',
  tiktokUsername: '',
  instagramUsername: 'ana.souza',
  youtubeUsername: '',
  email: 'ana@example.com',
  password: 'segredo123',
  passwordConfirm: 'segredo123',
  terms: true,
};

async function metadataFor(country: string | undefined): Promise<Record<string, unknown>> {
  authSignUp.mockResolvedValueOnce({ data: { session: null, user: null }, error: null });
  await signUp({ ...input, country }, async () => null);
  return authSignUp.mock.lastCall![0].options.data as Record<string, unknown>;
}

describe('signUp: the country of the creator sign-up (issue 37)', () => {
  beforeEach(async () => {
    // A Spanish browser that picked nothing: the database chooses the account's language.
    vi.stubGlobal('navigator', { languages: ['es-MX'] });
    vi.stubGlobal('localStorage', { getItem: () => null, setItem: () => undefined });
    await setLocale('es', { remember: false });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    authSignUp.mockReset();
  });

  it('sends Brazil, and Portuguese as the language of Auth\'s first email, without claiming it was picked', async () => {
    expect(await metadataFor('BR')).toMatchObject({ country: 'BR', language: 'pt', language_picked: false, instagram_handle: 'ana.souza' });
  });

  it('sends another payout country as it is, with the screen\'s language', async () => {
    expect(await metadataFor('MX')).toMatchObject({ country: 'MX', language: 'es', language_picked: false });
  });

  it('sends no country for "Another country", none chosen, or a value not in the list', async () => {
    for (const country of ['other', '', undefined, 'XX', 'br']) {
      const meta = await metadataFor(country);
      expect([country, 'country' in meta, meta.language]).toEqual([country, false, 'es']);
    }
  });

  it('keeps a language picked with the switch even for Brazil (the database does too)', async () => {
    vi.stubGlobal('localStorage', { getItem: (k: string) => (k === LOCALE_STORAGE_KEY ? 'en' : null), setItem: () => undefined });
    await setLocale('en', { remember: false });
    expect(await metadataFor('BR')).toMatchObject({ country: 'BR', language: 'en', language_picked: true });
  });
});
