import { useCallback, useEffect, useState } from 'react';
import { ContentLoadError, loadContent, type ContentKind, type ContentTypes } from './load-content.js';

export type ContentState<T> = { status: 'loading' } | { status: 'error'; error: ContentLoadError } | { status: 'ready'; data: T };

/** Loads one content list when the component mounts; `retry` loads it again. */
export function useContent<K extends ContentKind>(kind: K): { state: ContentState<ContentTypes[K]>; retry: () => void } {
  const [attempt, setAttempt] = useState(0);
  const [state, setState] = useState<ContentState<ContentTypes[K]>>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    loadContent(kind, { signal: controller.signal }).then(
      (data) => setState({ status: 'ready', data }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState({ status: 'error', error: error instanceof ContentLoadError ? error : new ContentLoadError('invalid', String(error)) });
      },
    );
    return () => controller.abort();
  }, [kind, attempt]);

  const retry = useCallback(() => {
    setState({ status: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  return { state, retry };
}
