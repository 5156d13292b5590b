/** A toast as the spec describes it: title, description, optional action, two looks. */
export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
  action?: { label: string; onClick: () => void };
  /** Milliseconds before it closes by itself; destructive toasts stay longer by default. */
  duration?: number;
}

export interface Toast extends ToastInput {
  id: number;
}

type Listener = () => void;

const MAX_TOASTS = 3;
let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l();
}

/** Closes one toast. */
export function dismissToast(id: number): void {
  clearTimeout(timers.get(id));
  timers.delete(id);
  const before = toasts.length;
  toasts = toasts.filter((t) => t.id !== id);
  if (toasts.length !== before) emit();
}

/**
 * Shows a toast from anywhere (mutations, event handlers), without a hook. The newest is on top; at
 * most three are kept.
 */
export function toast(input: ToastInput): number {
  const id = nextId++;
  const dropped = toasts.slice(MAX_TOASTS - 1);
  toasts = [{ ...input, id }, ...toasts.slice(0, MAX_TOASTS - 1)];
  for (const t of dropped) {
    clearTimeout(timers.get(t.id));
    timers.delete(t.id);
  }
  const duration = input.duration ?? (input.variant === 'destructive' ? 8000 : 5000);
  if (duration > 0 && Number.isFinite(duration)) timers.set(id, setTimeout(() => dismissToast(id), duration));
  emit();
  return id;
}

export function subscribeToasts(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getToasts(): Toast[] {
  return toasts;
}
