import type { ReactNode } from 'react';
import { paths } from '@tca/contracts';
import { Spinner } from '@tca/ui';
import { useT } from '@tca/ui/i18n';
import { Link } from '@tca/ui/router';
import { sharedCatalog } from '../../../shared/messages.js';
import { LoadFailure } from '../../../shared/load-failure.js';
import type { StaffLoad } from '../../../shared/use-staff-load.js';
import staff from '../../../shared/staff.module.css';

/** The desk's links under the title: to its other page (tickets ↔ contact messages) and back to the staff area. */
export function DeskLinks({ to, label }: { to: string; label: string }) {
  const t = useT(sharedCatalog);
  return (
    <p className={staff.actions}>
      <Link to={to} className={staff.secondary}>
        {label}
      </Link>
      <Link to={paths.staffHome} className={staff.secondary}>
        {t('list.back')}
      </Link>
    </p>
  );
}

/** A list's load: the spinner, the failure with Try again, or the loaded answer's view. */
export function DeskLoad<A>({ load, reload, loading, failed, children }: { load: StaffLoad<A>; reload: () => void; loading: string; failed: string; children: (answer: A) => ReactNode }) {
  if (load.kind === 'loading') return <Spinner label={loading} />;
  if (load.kind === 'failed') return <LoadFailure title={failed} detail={load.detail} onRetry={reload} />;
  return <>{children(load.answer)}</>;
}
