import { useEffect, useState, type ComponentType } from 'react';
import { currentLang } from '@tca/ui/i18n';
import { loadToastify, toasterLink } from './notify.js';

/** react-toastify and the labelled container, with the container's texts in the language shown. */
async function loadContainer(): Promise<ComponentType> {
  const [, module] = await Promise.all([loadToastify(), import('./toasts/toast-container.js')]);
  // A failed Tamil catalog shows the English labels (the toast itself still shows).
  await (await import('./toasts/messages.js')).toastsCatalog.load(currentLang()).catch(() => undefined);
  return module.TcaToastContainer;
}

/**
 * The one toast container of a page. It renders nothing (and fetches nothing) until the first
 * `notify` call, then mounts react-toastify's container with the spec's defaults.
 */
export function Toaster() {
  const [Container, setContainer] = useState<ComponentType | null>(null);

  useEffect(() => {
    let active = true;
    const unsubscribe = toasterLink.onWanted(() => {
      loadContainer().then(
        (loaded) => active && setContainer(() => loaded),
        () => undefined,
      );
    });
    return () => {
      active = false;
      unsubscribe();
    };
  }, []);

  useEffect(() => {
    if (Container) toasterLink.containerMounted();
  }, [Container]);

  return Container ? <Container /> : null;
}
