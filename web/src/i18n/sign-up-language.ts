import { browserChoice, getLocale } from './locale-store';
import { navigatorLocale } from './locales';

/**
 * The language fields of a sign-up's metadata (app.sign_up_language reads them): `language` is the screen's,
 * which Auth's emails to the account are written in; `language_picked` says the visitor chose it, so it
 * becomes the profile's. Chosen means picked with the switch; a browser's Spanish or English is not a
 * choice (a brand reading a Spanish browser still gets the brands' English, issue 32), but a browser's
 * Portuguese is: no role defaults to it, and neither default serves someone who reads Portuguese (issue 37).
 * Otherwise the database chooses (Portuguese for a creator from Brazil, else the role's language); for a
 * creator from Brazil `language` is then 'pt' too, so Auth's first email is in the language the account
 * will read (decision 0043).
 */
export function signUpLanguage(country: string | null = null): { language: string; language_picked: boolean } {
  const screen = getLocale();
  const picked = browserChoice() === screen || (screen === 'pt' && navigatorLocale() === 'pt');
  return { language: !picked && country === 'BR' ? 'pt' : screen, language_picked: picked };
}
