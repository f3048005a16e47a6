import { useCallback, useEffect, useState } from 'react';
import { fetchContent, settledContent } from './content-cache.js';
import type { ContentList, ContentLoadError } from './load-content.js';

export type ContentState<T> = { status: 'loading' } | { status: 'error'; error: ContentLoadError } | { status: 'ready'; data: T };

function stateOf<T>(list: ContentList<T>): ContentState<T[]> {
  const outcome = settledContent(list);
  if (!outcome) return { status: 'loading' };
  return outcome.ok ? { status: 'ready', data: outcome.data } : { status: 'error', error: outcome.error };
}

/**
 * One content list for a component: ready on the first render when the page's `prepare` fetched it
 * behind the loader, else fetched now; `retry` fetches it again.
 */
export function useContent<T>(list: ContentList<T>): { state: ContentState<T[]>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ContentState<T[]>>(() => stateOf(list));

  useEffect(() => {
    let active = true;
    fetchContent(list, { fresh: attempt > 0 }).promise.then((outcome) => {
      if (!active) return;
      setState((previous) => {
        if (outcome.ok) return previous.status === 'ready' && previous.data === outcome.data ? previous : { status: 'ready', data: outcome.data };
        return { status: 'error', error: outcome.error };
      });
    });
    return () => {
      active = false;
    };
  }, [list, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
