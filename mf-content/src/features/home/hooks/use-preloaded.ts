import { useEffect, useMemo, useState } from 'react';

/**
 * The last list of image URLs whose every image has loaded: null until `urls` first has, then that
 * list. When `urls` changes (another size for a rotated or resized screen) the previous list is kept
 * until the new one has loaded, so the page never goes back to its gradient or shows half-loaded
 * backgrounds. A failure keeps the last complete list (null at first).
 */
export function usePreloaded(urls: readonly string[]): readonly string[] | null {
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

  return useMemo(() => (loadedKey === null ? null : loadedKey ? loadedKey.split('\n') : []), [loadedKey]);
}
