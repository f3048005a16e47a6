import { Component, type ErrorInfo, type ReactNode } from 'react';
import type { RemoteName } from '@tca/contracts';
import { translator } from '@tca/ui/i18n';
import { frameCatalog } from '../frame/messages.js';
import { resetRemote } from './federation.js';
import styles from './remote-boundary.module.css';

const UNAVAILABLE = {
  content: 'unavailable.content',
  membership: 'unavailable.membership',
  account: 'unavailable.account',
  staff: 'unavailable.staff',
} as const satisfies Record<RemoteName, string>;

interface Props {
  remote: RemoteName;
  children: ReactNode;
  /** A compact fallback for small areas such as the header's account link. */
  fallback?: (retry: () => void) => ReactNode;
}

interface State {
  error: Error | null;
  retrying: boolean;
}

/**
 * Catches a remote that cannot be loaded (down, too slow, failed chunk) or that throws while
 * rendering, and shows a fallback for that area only; the rest of the page keeps working.
 */
export class RemoteBoundary extends Component<Props, State> {
  override state: State = { error: null, retrying: false };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[shell] the ${this.props.remote} area failed`, error, info.componentStack);
  }

  retry = (): void => {
    this.setState({ retrying: true });
    void resetRemote(this.props.remote).finally(() => this.setState({ error: null, retrying: false }));
  };

  override render(): ReactNode {
    const { error, retrying } = this.state;
    if (!error) return this.props.children;
    if (this.props.fallback) return this.props.fallback(this.retry);
    // The frame's catalog is loaded before the site renders (bootstrap.tsx), in either language.
    const t = translator(frameCatalog);
    return (
      <section className={styles.fallback} role="alert" data-remote-fallback={this.props.remote}>
        <h2 className={styles.title}>{t(UNAVAILABLE[this.props.remote])}</h2>
        <p className={styles.text}>{t('unavailable.text')}</p>
        <p className={styles.detail}>{describe(error)}</p>
        <button type="button" className="tca-button" onClick={this.retry} disabled={retrying}>
          {retrying ? t('retrying') : t('retry')}
        </button>
      </section>
    );
  }
}

function describe(error: Error): string {
  // Rspack's ChunkLoadError reads "Loading chunk <n> failed.\n(<reason>: <url>)": keep the first line.
  return (error.message.split('\n')[0] ?? error.message).slice(0, 300);
}
