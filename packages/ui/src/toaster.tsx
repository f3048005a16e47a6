import { useEffect, useState } from 'react';
import { loadToastify, TOAST_DEFAULTS, toasterLink, type Toastify } from './notify.js';

/**
 * The one toast container of a page. It renders nothing (and fetches nothing) until the first
 * `notify` call, then mounts react-toastify's container with the spec's defaults.
 */
export function Toaster() {
  const [toastify, setToastify] = useState<Toastify | null>(null);

  useEffect(() => {
    let active = true;
    const unsubscribe = toasterLink.onWanted(() => {
      loadToastify().then(
        (loaded) => active && setToastify(loaded),
        () => undefined,
      );
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    if (toastify) toasterLink.containerMounted();
  }, [toastify]);

  if (!toastify) return null;
  const { ToastContainer, Slide } = toastify;
  return <ToastContainer {...TOAST_DEFAULTS} transition={Slide} />;
}
