import type { ReactNode } from 'react';
import { paths } from '@tca/contracts';
import { Spinner } from '@tca/ui';
import { Link } from '@tca/ui/router';
import { LoadFailure } from '../../../shared/load-failure.js';
import type { StaffLoad } from '../../../shared/use-staff-load.js';
import { SUPPORT_TEXTS } from '../support-desk.js';
import staff from '../../../shared/staff.module.css';

/** The desk's links under the title: to its other page (tickets ↔ contact messages) and back to the staff area. */
export function DeskLinks({ to, label }: { to: string; label: string }) {
  return (
    <p className={staff.actions}>
      <Link to={to} className={staff.secondary}>
        {label}
      </Link>
      <Link to={paths.staffHome} className={staff.secondary}>
        {SUPPORT_TEXTS.back}
      </Link>
    </p>
  );
}

/** A list's load: the spinner, the failure with Try again, or the loaded answer's view. */
export function DeskLoad<A>({ load, reload, many, children }: { load: StaffLoad<A>; reload: () => void; many: string; children: (answer: A) => ReactNode }) {
  if (load.kind === 'loading') return <Spinner label={`Loading the ${many}...`} />;
  if (load.kind === 'failed') return <LoadFailure title={`The ${many} could not be loaded.`} detail={load.detail} onRetry={reload} />;
  return <>{children(load.answer)}</>;
}
