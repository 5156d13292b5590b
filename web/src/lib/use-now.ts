import { useEffect, useState } from 'react';

/**
 * The browser's current time, renewed every `intervalMs` (a minute by default), so a countdown stays
 * true. Date.now and setInterval are the page's own clock, which tests can move.
 */
export function useNow(intervalMs = 60_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(id);
  }, [intervalMs]);
  return now;
}
