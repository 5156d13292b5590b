/**
 * The last signed-in screen as it was drawn, kept in this browser so the next visit can show it before any
 * script has run (issue 19: LCP <= 1.5 s on /campaigns; decision 0027). index.html's inline script
 * (web/build/restore-snapshot.ts) puts it into #root, `inert`, only when it belongs to the user whose session
 * is stored, the address is the same, the language choice is the same and it is recent; main.tsx lets React
 * replace it once the screen's data is in (src/app/snapshot-takeover.ts).
 *
 * The build reads this file in Node (the inline script uses the same keys and format): it imports only
 * import-free modules.
 */

import { LOCALE_STORAGE_KEY } from '../i18n/locales';

/** The localStorage key of the one snapshot kept (the latest). */
export const SNAPSHOT_STORAGE_KEY = 'screen-snapshot';
/** Format version: a snapshot of another version is ignored. */
export const SNAPSHOT_VERSION = 1;
/** Older snapshots are not shown: what changed since is more than a frame's worth. */
export const SNAPSHOT_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface ScreenSnapshot {
  v: typeof SNAPSHOT_VERSION;
  /** The signed-in user's id: shown only while the stored session is this user's. */
  user: string;
  /** location.pathname + location.search the screen was drawn for. */
  path: string;
  /** The switch's choice when it was drawn (null: none): a later choice makes it stale. */
  choice: string | null;
  /** The page's language (<html lang>) when it was drawn. */
  lang: string;
  /** Date.now() when it was drawn. */
  at: number;
  /** #root's HTML (React's output; text is escaped by React). */
  html: string;
}

function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

/** Keeps `root`'s current HTML as the snapshot of this address for `userId`, without toasts. */
export function saveScreenSnapshot(userId: string, root: HTMLElement): void {
  const copy = root.cloneNode(true) as HTMLElement;
  // Toasts are moments, not the screen.
  for (const region of copy.querySelectorAll('[aria-live]')) region.replaceChildren();
  // Style attributes parsed from HTML are refused by the Content-Security-Policy (style-src has hashes
  // only): they would not apply, and each would be reported. Styles React sets are applied through the DOM.
  for (const styled of copy.querySelectorAll('[style]')) styled.removeAttribute('style');
  const snapshot: ScreenSnapshot = {
    v: SNAPSHOT_VERSION,
    user: userId,
    path: location.pathname + location.search,
    choice: storage()?.getItem(LOCALE_STORAGE_KEY) ?? null,
    lang: document.documentElement.lang,
    at: Date.now(),
    html: copy.innerHTML,
  };
  try {
    storage()?.setItem(SNAPSHOT_STORAGE_KEY, JSON.stringify(snapshot));
  } catch {
    // Storage full or refused: the next visit starts as a first one.
  }
}

/** The user ids of the stored snapshot and shell hint (those kept). */
export function snapshotUsers(): string[] {
  const users: string[] = [];
  for (const key of [SNAPSHOT_STORAGE_KEY, SHELL_HINT_STORAGE_KEY]) {
    try {
      const raw = storage()?.getItem(key);
      const user = raw ? (JSON.parse(raw) as { user?: unknown }).user : undefined;
      if (typeof user === 'string') users.push(user);
    } catch {
      // Unreadable: nothing kept under that key for anyone.
    }
  }
  return users;
}

/** Forgets the snapshot and the shell hint (sign-out, another user, a session that ended, a saved language). */
export function clearScreenSnapshot(): void {
  try {
    storage()?.removeItem(SNAPSHOT_STORAGE_KEY);
    storage()?.removeItem(SHELL_HINT_STORAGE_KEY);
  } catch {
    // Nothing to forget where storage is refused.
  }
}

/**
 * What the shell of a signed-in screen needs before any script or read (decision 0037): whose it is, the
 * role (which navigation), the language the user reads in and the name the sidebar shows. Kept whenever the
 * signed-in user's profile is read; index.html draws the shell from it on a visit without a snapshot
 * (web/build/prerender-shell.ts), and the app starts in its language. Forgotten with the snapshot.
 */
export const SHELL_HINT_STORAGE_KEY = 'shell-hint';
export const SHELL_HINT_VERSION = 1;

export interface ShellHint {
  v: typeof SHELL_HINT_VERSION;
  user: string;
  role: string;
  lang: string;
  name: string;
}

/** Keeps the shell hint of the signed-in user (written only when it changed). */
export function saveShellHint(hint: Omit<ShellHint, 'v'>): void {
  const value = JSON.stringify({ v: SHELL_HINT_VERSION, ...hint } satisfies ShellHint);
  try {
    const s = storage();
    if (s && s.getItem(SHELL_HINT_STORAGE_KEY) !== value) s.setItem(SHELL_HINT_STORAGE_KEY, value);
  } catch {
    // Storage refused: the next first visit shows the spinner in the browser's language.
  }
}

/** The kept shell hint when it is `userId`'s. */
export function shellHintOf(userId: string | undefined): ShellHint | undefined {
  if (!userId) return undefined;
  try {
    const hint = JSON.parse(storage()?.getItem(SHELL_HINT_STORAGE_KEY) ?? 'null') as ShellHint | null;
    return hint && hint.v === SHELL_HINT_VERSION && hint.user === userId ? hint : undefined;
  } catch {
    return undefined;
  }
}
