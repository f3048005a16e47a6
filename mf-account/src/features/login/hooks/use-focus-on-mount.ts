import { useEffect, useRef } from 'react';

/** A ref whose element takes focus when it first appears (and again whenever `key` changes): a new step's heading or first field. */
export function useFocusOnMount<T extends HTMLElement>(key: unknown = null) {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, [key]);
  return ref;
}
