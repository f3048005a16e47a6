import { useEffect, useState } from 'react';
import { Navigate } from '@tca/ui/router';
import { paths, type LoginUser } from '@tca/contracts';
import { callApi, isRejectedToken } from '@tca/ui/api';
import { firstMembership, type ProfileMembership } from '../lib/membership.js';
import { loadFailureDetail } from '../lib/messages.js';
import { formatProfilePhone } from '../lib/phone.js';
import { endSession } from '@tca/ui/session-end';
import { readToken, readUser } from '@tca/ui/session';
import { MembershipDetails } from './profile-membership.js';
import { SecuritySettings } from './profile-security.js';
import { LogoutButton } from './logout-button.js';
import styles from './profile.module.css';

type Load = { kind: 'loading' } | { kind: 'ready'; membership: ProfileMembership | null } | { kind: 'failed'; detail: string };

/**
 * /profile (spec §2.3): no one-second loader; without a stored user it goes to /login. The
 * membership comes from POST /membership/get with the session token; a token the server no longer
 * accepts logs the browser out, any other failure shows the failure screen with Try Again.
 */
export function ProfilePage() {
  const [user] = useState(() => readUser());
  if (!user) return <Navigate to={paths.login} replace />;
  return <Profile user={user} />;
}

function Profile({ user }: { user: LoginUser }) {
  const [load, setLoad] = useState<Load>({ kind: 'loading' });

  useEffect(() => {
    let active = true;
    const token = readToken();
    if (!token) {
      // A stored user without its token cannot be the member's session any more.
      void endSession('rejected');
      return;
    }
    void callApi('/membership/get', { method: 'POST', body: { email: user.email }, token }).then((result) => {
      if (!active) return;
      if (isRejectedToken(result)) {
        void endSession('rejected');
        return;
      }
      if (result.kind !== 'ok') {
        const detail = loadFailureDetail(result);
        console.error('Failed to load profile data:', detail);
        setLoad({ kind: 'failed', detail });
        return;
      }
      try {
        setLoad({ kind: 'ready', membership: firstMembership(result.body) });
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error);
        console.error('Failed to load profile data:', detail);
        setLoad({ kind: 'failed', detail });
      }
    });
    return () => {
      active = false;
    };
  }, [user.email]);

  return (
    <section className="tca-page" aria-labelledby="page-title">
      <header className={styles.head}>
        <div>
          <h1 id="page-title" className="tca-page__title">
            My Profile
          </h1>
          <p className="tca-page__lead">
            {user.firstName} {user.lastName}
          </p>
        </div>
        <LogoutButton />
      </header>
      {load.kind === 'failed' ? (
        <div className={styles.failure}>
          <div role="alert">
            <h2>Failed to load profile data</h2>
            <p>{load.detail}</p>
          </div>
          <button type="button" className="tca-button" onClick={() => window.location.reload()}>
            Try Again
          </button>
        </div>
      ) : (
        <>
          <PersonalInformation user={user} />
          <MembershipDetails load={load} />
          <SecuritySettings />
        </>
      )}
      <div className={styles.bottom}>
        <LogoutButton />
      </div>
    </section>
  );
}

function PersonalInformation({ user }: { user: LoginUser }) {
  return (
    <section className={styles.section} aria-labelledby="personal-information-title">
      <h2 id="personal-information-title" className={styles.sectionTitle}>
        Personal Information
      </h2>
      <dl className={styles.details}>
        <dt>Name</dt>
        <dd>
          {user.firstName} {user.lastName}
        </dd>
        <dt>Email</dt>
        <dd>{user.email}</dd>
        <dt>Phone</dt>
        <dd>{formatProfilePhone(user.phone) || 'N/A'}</dd>
      </dl>
    </section>
  );
}
