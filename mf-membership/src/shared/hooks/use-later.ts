import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs actions after a delay (the spec's 1 s, 2 s and 3 s redirects and notices); every pending
 * action is cancelled when the page goes away, so nothing fires on another page.
 */
export function useLater(): { later: (action: () => void, ms: number) => void; cancelAll: () => void } {
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  const cancelAll = useCallback(() => {
    for (const timer of timers.current) clearTimeout(timer);
    timers.current.clear();
  }, []);
  const later = useCallback((action: () => void, ms: number) => {
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      action();
    }, ms);
    timers.current.add(timer);
  }, []);
  useEffect(() => cancelAll, [cancelAll]);
  return { later, cancelAll };
}
