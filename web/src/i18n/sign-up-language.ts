import { browserChoice, getLocale } from './locale-store';
import { navigatorLocale } from './locales';

/**
 * The language fields of a sign-up's metadata (app.sign_up_language reads them): `language` is the screen's,
 * which Auth's emails to the account are written in; `language_picked` says the visitor chose it, with the
 * switch or through the browser's languages, rather than meeting the default. A picked language becomes the
 * profile's; otherwise the database chooses (Portuguese for a creator from Brazil, else the role's).
 */
export function signUpLanguage(): { language: string; language_picked: boolean } {
  const language = getLocale();
  const chosen = browserChoice() ?? navigatorLocale();
  return { language, language_picked: chosen === language };
}
