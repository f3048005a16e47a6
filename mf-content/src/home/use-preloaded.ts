import { useEffect, useState } from 'react';

/**
 * True once every image in `urls` has loaded. Until then (and if any fails) it stays false, so the
 * page shows its light gradient instead of half-loaded backgrounds.
 */
export function usePreloaded(urls: readonly string[]): boolean {
  const key = urls.join('\n');
  const [loadedKey, setLoadedKey] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    const list = key ? key.split('\n') : [];
    Promise.all(
      list.map(
        (url) =>
          new Promise<void>((resolve, reject) => {
            const image = new Image();
            image.onload = () => resolve();
            image.onerror = () => reject(new Error(`Could not load ${url}`));
            image.src = url;
          }),
      ),
    ).then(
      () => {
        if (!cancelled) setLoadedKey(key);
      },
      (error: unknown) => console.warn('Hero backgrounds not shown:', error),
    );
    return () => {
      cancelled = true;
    };
  }, [key]);

  return loadedKey === key;
}
