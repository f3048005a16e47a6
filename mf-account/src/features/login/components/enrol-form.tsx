import { useId, useRef } from 'react';
import type { EnrolAnswer, EnrolConfirmAnswer } from '@tca/contracts';
import { Banner } from '@tca/ui/forms';
import styles from '../../../shared/account.module.css';
import { confirmEnrolment } from '../api/confirm-enrolment.js';
import { checkEnrolmentCode } from '../code-checks.js';
import { useCodeSubmit } from '../hooks/use-code-submit.js';
import { useEnrolment } from '../hooks/use-enrolment.js';
import { useFocusOnMount } from '../hooks/use-focus-on-mount.js';
import { keyGroups } from '../recovery-codes.js';
import { useSecondFactorText } from '../second-factor-texts.js';
import { CodeField } from './code-field.js';
import { CopyButton } from './copy-button.js';
import local from './second-factor.module.css';

interface EnrolFormProps {
  challenge: string;
  onEnrolled: (answer: EnrolConfirmAnswer) => void;
  onRestart: (text: string | null) => void;
}

/**
 * Set up your authenticator app: the steps, the QR code and the key as text (in groups, with Copy), then
 * the app's first code to confirm it.
 */
export function EnrolForm({ challenge, onEnrolled, onRestart }: EnrolFormProps) {
  const TEXT = useSecondFactorText();
  const titleId = useId();
  const titleRef = useFocusOnMount<HTMLHeadingElement>();
  const { enrolment, retry } = useEnrolment(challenge, onRestart);

  return (
    <section aria-labelledby={titleId}>
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.cardTitle}>
        {TEXT.enrolTitle}
      </h2>
      <p className={styles.cardLead}>{TEXT.enrolLead}</p>
      {enrolment.kind === 'loading' ? (
        <p className={styles.note} role="status">
          {TEXT.enrolPreparing}
        </p>
      ) : null}
      {enrolment.kind === 'failed' ? (
        <Banner tone="error" title={enrolment.text}>
          <button type="button" className={styles.secondary} onClick={retry}>
            {TEXT.tryAgain}
          </button>
        </Banner>
      ) : null}
      {enrolment.kind === 'ready' ? <EnrolSteps challenge={challenge} setup={enrolment.setup} onEnrolled={onEnrolled} onRestart={onRestart} /> : null}
      <div className={styles.actions}>
        <button type="button" className={styles.linkButton} onClick={() => onRestart(null)}>
          {TEXT.startAgain}
        </button>
      </div>
    </section>
  );
}

interface EnrolStepsProps extends Omit<EnrolFormProps, 'onRestart'> {
  setup: EnrolAnswer;
  onRestart: (text: string) => void;
}

/** The three steps once the key is there. */
export function EnrolSteps({ challenge, setup, onEnrolled, onRestart }: EnrolStepsProps) {
  const TEXT = useSecondFactorText();
  const keyId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const { value, setValue, error, busy, onSubmit } = useCodeSubmit({
    check: checkEnrolmentCode,
    send: (code) => confirmEnrolment({ challenge, code }),
    onDone: onEnrolled,
    onRestart,
    inputRef,
  });

  return (
    <form noValidate aria-label={TEXT.t('enrolForm')} aria-busy={busy} onSubmit={(event) => void onSubmit(event)}>
      <ol className={local.steps}>
        <li>
          <h3 className={local.stepTitle}>{TEXT.t('step1Title')}</h3>
          <p>{TEXT.t('step1Text')}</p>
        </li>
        <li>
          <h3 className={local.stepTitle}>{TEXT.t('step2Title')}</h3>
          <img className={local.qr} src={setup.qrCode} alt={TEXT.qrAlt} width={192} height={192} />
          <p id={keyId} className={local.keyLabel}>
            {TEXT.t('keyNote', { key: TEXT.keyLabel })}
          </p>
          <div className={local.keyRow}>
            <code id={`${keyId}-key`} className={local.key}>
              {keyGroups(setup.secret).join(' ')}
            </code>
            <CopyButton text={setup.secret} label={TEXT.copyKey} done={TEXT.keyCopied} />
          </div>
        </li>
        <li>
          <h3 className={local.stepTitle}>{TEXT.t('step3Title')}</h3>
          <CodeField mode="app" value={value} onChange={setValue} error={error} inputRef={inputRef} />
        </li>
      </ol>
      <div className={styles.actions}>
        <button type="submit" className="tca-button" aria-disabled={busy || undefined}>
          {busy ? TEXT.confirming : TEXT.confirm}
        </button>
      </div>
    </form>
  );
}
