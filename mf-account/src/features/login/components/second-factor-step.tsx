import { useEffect, useState } from 'react';
import { STAFF_PAGE_PREFIX, type EnrolConfirmAnswer, type LoginAnswer, type LoginSecondFactorAnswer } from '@tca/contracts';
import { useNavigate } from '@tca/ui/router';
import { toast } from '../../../shared/toasts.js';
import styles from '../../../shared/account.module.css';
import { LOGIN_TEXT } from '../login-texts.js';
import { useSecondFactorText } from '../second-factor-texts.js';
import { storeLogin } from '../store-login.js';
import { CodeForm } from './code-form.js';
import { EnrolForm } from './enrol-form.js';
import { LOGIN_REDIRECT_MS } from './login-form.js';
import { RecoveryCodesForm } from './recovery-codes-form.js';

type Stage = { kind: 'code' } | { kind: 'enrol' } | { kind: 'codes'; codes: readonly string[]; email: string };

interface SecondFactorStepProps {
  /** The password step's answer for a staff account. */
  step: LoginSecondFactorAnswer;
  /** Back to the password step, with the message to show there (null: the person chose to). */
  onRestart: (text: string | null) => void;
}

/**
 * The login card's second step for an account with a staff role (issue 14): Enter your code, or — the
 * first time — Set up your authenticator app and then Save your recovery codes. Its sign-in is stored as
 * the password step stores one and leads to the staff area (only staff accounts get this step).
 * Loaded only when a login answer asks for it, so members never load it.
 */
export function SecondFactorStep({ step, onRestart }: SecondFactorStepProps) {
  const TEXT = useSecondFactorText();
  const navigate = useNavigate();
  const [stage, setStage] = useState<Stage>(() => (step.secondFactor === 'totp' ? { kind: 'code' } : { kind: 'enrol' }));
  const [leaving, setLeaving] = useState(false);

  useEffect(() => {
    if (!leaving) return;
    const timer = setTimeout(() => navigate(STAFF_PAGE_PREFIX), LOGIN_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [leaving, navigate]);

  const signedIn = async (answer: LoginAnswer) => {
    await storeLogin(answer);
    toast('success', LOGIN_TEXT.loginSuccess);
    setLeaving(true);
  };

  const enrolled = async (answer: EnrolConfirmAnswer) => {
    // The session starts now (the server has made it); the codes are shown once, before the staff area.
    await storeLogin(answer);
    setStage({ kind: 'codes', codes: answer.recoveryCodes, email: answer.user.email });
  };

  const finish = () => {
    toast('success', LOGIN_TEXT.loginSuccess);
    navigate(STAFF_PAGE_PREFIX);
  };

  return (
    <>
      {stage.kind === 'code' ? <CodeForm challenge={step.challenge} onSignedIn={(answer) => void signedIn(answer)} onRestart={onRestart} /> : null}
      {stage.kind === 'enrol' ? <EnrolForm challenge={step.challenge} onEnrolled={(answer) => void enrolled(answer)} onRestart={onRestart} /> : null}
      {stage.kind === 'codes' ? <RecoveryCodesForm codes={stage.codes} email={stage.email} onContinue={finish} /> : null}
      {leaving ? (
        <p className={styles.note} role="status">
          {TEXT.toStaffArea}
        </p>
      ) : null}
    </>
  );
}
