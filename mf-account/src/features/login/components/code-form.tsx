import { useId, useState } from 'react';
import type { LoginAnswer } from '@tca/contracts';
import styles from '../../../shared/account.module.css';
import { enterSecondFactor } from '../api/enter-second-factor.js';
import { checkSignInCode } from '../code-checks.js';
import { useCodeSubmit } from '../hooks/use-code-submit.js';
import { useFocusOnMount } from '../hooks/use-focus-on-mount.js';
import { useSecondFactorText } from '../second-factor-texts.js';
import { CodeField } from './code-field.js';
import local from './second-factor.module.css';

interface CodeFormProps {
  challenge: string;
  onSignedIn: (answer: LoginAnswer) => void;
  onRestart: (text: string | null) => void;
}

/** Enter your code: the authenticator app's 6-digit code, or (switched) a recovery code, then Verify. */
export function CodeForm({ challenge, onSignedIn, onRestart }: CodeFormProps) {
  const TEXT = useSecondFactorText();
  const titleId = useId();
  const [mode, setMode] = useState<'app' | 'recovery'>('app');
  // The field takes focus when the step opens and when the switch changes what it asks for.
  const inputRef = useFocusOnMount<HTMLInputElement>(mode);
  const { value, setValue, error, busy, onSubmit, reset } = useCodeSubmit({
    check: checkSignInCode,
    send: (code) => enterSecondFactor({ challenge, code }),
    onDone: onSignedIn,
    onRestart,
    inputRef,
  });

  const switchMode = () => {
    reset();
    setMode((current) => (current === 'app' ? 'recovery' : 'app'));
  };

  return (
    <form noValidate aria-labelledby={titleId} aria-busy={busy} onSubmit={(event) => void onSubmit(event)}>
      <h2 id={titleId} className={styles.cardTitle}>
        {TEXT.codeTitle}
      </h2>
      <p className={styles.cardLead}>{mode === 'app' ? TEXT.codeLead : TEXT.recoveryLead}</p>
      <CodeField mode={mode} value={value} onChange={setValue} error={error} inputRef={inputRef} />
      <div className={styles.between}>
        <button type="button" className={`${styles.linkButton} ${local.switch}`} onClick={switchMode}>
          {mode === 'app' ? TEXT.useRecovery : TEXT.useApp}
        </button>
      </div>
      <div className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {busy ? TEXT.verifying : TEXT.verify}
        </button>
        <button type="button" className={styles.linkButton} onClick={() => onRestart(null)}>
          {TEXT.startAgain}
        </button>
      </div>
    </form>
  );
}
