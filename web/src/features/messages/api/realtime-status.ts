import { useSyncExternalStore } from 'react';

/** Whether the messages channel is joined: while it is, Realtime keeps the caches current and polling stops. */
let live = false;
const listeners = new Set<() => void>();

export function setRealtimeLive(value: boolean): void {
  if (value === live) return;
  live = value;
  for (const l of listeners) l();
}

export function isRealtimeLive(): boolean {
  return live;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** True while the signed-in user's messages channel is subscribed. */
export function useRealtimeLive(): boolean {
  return useSyncExternalStore(subscribe, isRealtimeLive, isRealtimeLive);
}
