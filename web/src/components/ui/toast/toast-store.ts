import { getLocale, subscribeLocale } from '@/i18n/locale-store';

/** A toast as the spec describes it: title, description, optional action, two looks. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
  /** Milliseconds before it closes by itself; destructive toasts stay longer by default. */
  duration?: number;
  /**
   * What the toast is about, e.g. 'auth.login': one toast per kind is shown, a new one replaces the old,
   * so a success takes the place of the failure of the same action before it. Default: the title (the
   * same message twice never stacks).
   */
  kind?: string;
}

export interface Toast extends ToastInput {
  id: number;
  kind: string;
  /** The user input (a click, a key) this toast came after; see toastsFollowNavigation. */
  afterInput: number;
}

type Listener = () => void;

const MAX_TOASTS = 3;
let toasts: Toast[] = [];
let nextId = 1;
/** Counts the user's clicks and key presses: a toast that came after the latest one is the answer to it. */
let inputs = 0;
let shownPath: string | undefined;
let shownLocale = getLocale();
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

function keepOnly(keep: (t: Toast) => boolean): void {
  const gone = toasts.filter((t) => !keep(t));
  if (gone.length === 0) return;
  for (const t of gone) {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
  }
  toasts = toasts.filter(keep);
  emit();
}

/** Closes one toast. */
export function dismissToast(id: number): void {
  keepOnly((t) => t.id !== id);
}

/** Closes every toast. */
export function dismissAllToasts(): void {
  keepOnly(() => false);
}

/**
 * Shows a toast from anywhere (mutations, event handlers), without a hook. The newest is on top; at
 * most three are kept, one per kind.
 */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const kind = input.kind ?? input.title;
  const others = toasts.filter((t) => t.kind !== kind);
  const kept = others.slice(0, MAX_TOASTS - 1);
  const dropped = toasts.filter((t) => !kept.includes(t));
  toasts = [{ ...input, id, kind, afterInput: inputs }, ...kept];
  for (const t of dropped) {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
  }
  const duration = input.duration ?? (input.variant === 'destructive' ? 8000 : 5000);
  if (duration > 0 && Number.isFinite(duration)) timers.set(id, setTimeout(() => dismissToast(id), duration));
  emit();
  return id;
}

/** A click or key press of the user's (the Toaster listens on the document). */
export function noteUserInput(): void {
  inputs += 1;
}

/**
 * The router reached `pathname` by `action` (POP, PUSH or REPLACE). A toast belongs to the screen it was
 * shown on, so moving to another one closes it, with one exception: a toast that answers the user's
 * latest click or key press goes along with the navigation that same action started ("Login Successful"
 * then the dashboard, "Campaign created" then the campaign, however many redirects the app makes on the
 * way). Once the user has done anything else, or on Back and Forward (the browser's buttons, no input
 * the page sees), it goes too.
 */
export function toastsFollowNavigation(pathname: string, action: string): void {
  const previous = shownPath;
  shownPath = pathname;
  if (previous === undefined || previous === pathname) return;
  if (action === 'POP') dismissAllToasts();
  else keepOnly((t) => t.afterInput === inputs);
}

/**
 * A toast is written in the language of the screen it sits on: when the language changes (the switch,
 * or a sign-in following the user's language), the toasts written in the old one close. A toast made
 * after the switch (the welcome in the user's language) is not touched.
 */
function followLocale(): void {
  const locale = getLocale();
  if (locale === shownLocale) return;
  shownLocale = locale;
  dismissAllToasts();
}
subscribeLocale(followLocale);

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}
