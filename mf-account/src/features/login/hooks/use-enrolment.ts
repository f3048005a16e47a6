import { useEffect, useState } from 'react';
import type { EnrolAnswer } from '@tca/contracts';
import { beginEnrolment } from '../api/begin-enrolment.js';
import { secondStepOutcome } from '../second-factor-outcomes.js';

export type Enrolment = { kind: 'loading' } | { kind: 'ready'; setup: EnrolAnswer } | { kind: 'failed'; text: string };

/**
 * The new authenticator key of a challenge (POST /auth/login/enrol), asked for when the step opens and
 * again on `retry`. Only the latest call's answer counts: each call replaces the key not yet confirmed.
 */
export function useEnrolment(challenge: string, onRestart: (text: string) => void) {
  const [enrolment, setEnrolment] = useState<Enrolment>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let current = true;
    void beginEnrolment({ challenge }).then((result) => {
      if (!current) return;
      const outcome = secondStepOutcome(result);
      if (outcome.kind === 'ok') setEnrolment({ kind: 'ready', setup: outcome.answer });
      else if (outcome.kind === 'restart') onRestart(outcome.text);
      else setEnrolment({ kind: 'failed', text: outcome.text });
    });
    return () => {
      current = false;
    };
  }, [challenge, attempt, onRestart]);

  const retry = () => {
    setEnrolment({ kind: 'loading' });
    setAttempt((n) => n + 1);
  };
  return { enrolment, retry };
}
