import { useId, useState } from 'react';
import { CheckboxField } from '@tca/ui/forms';
import styles from '../../../shared/account.module.css';
import { useFocusOnMount } from '../hooks/use-focus-on-mount.js';
import { recoveryCodesFile } from '../recovery-codes.js';
import { RECOVERY_CODES_FILE, useSecondFactorText } from '../second-factor-texts.js';
import { CopyButton } from './copy-button.js';
import local from './second-factor.module.css';

interface RecoveryCodesFormProps {
  codes: readonly string[];
  email: string;
  onContinue: () => void;
}

/** Saves the codes as a text file through a temporary link (nothing leaves the browser). */
function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** Save your recovery codes: the ten codes (shown once), Copy, Download (.txt), and Continue once they are saved. */
export function RecoveryCodesForm({ codes, email, onContinue }: RecoveryCodesFormProps) {
  const TEXT = useSecondFactorText();
  const titleId = useId();
  const hintId = useId();
  const titleRef = useFocusOnMount<HTMLHeadingElement>();
  const [saved, setSaved] = useState(false);
  const file = () => recoveryCodesFile(codes, { email, savedAt: new Date() }, TEXT.t);

  return (
    <form
      noValidate
      aria-labelledby={titleId}
      onSubmit={(event) => {
        event.preventDefault();
        if (saved) onContinue();
      }}
    >
      <h2 id={titleId} ref={titleRef} tabIndex={-1} className={styles.cardTitle}>
        {TEXT.codesTitle}
      </h2>
      <p className={styles.cardLead}>{TEXT.codesLead}</p>
      <ol className={local.codes} aria-label={TEXT.t('codesList')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className={local.buttons}>
        <CopyButton text={codes.join('\n')} label={TEXT.copyCodes} done={TEXT.codesCopied} />
        <button type="button" className={styles.secondary} onClick={() => download(file())}>
          {TEXT.downloadCodes}
        </button>
      </div>
      <CheckboxField
        registration={{
          name: 'saved',
          onChange: (event) => setSaved((event.target as HTMLInputElement).checked),
          onBlur: () => undefined,
          ref: () => undefined,
        }}
      >
        {TEXT.savedCheckbox}
      </CheckboxField>
      <div className={styles.actions}>
        <button type="submit" className="tca-button" disabled={!saved} {...(!saved ? { 'aria-describedby': hintId } : {})}>
          {TEXT.continue}
        </button>
        {!saved ? (
          <p id={hintId} className={styles.hintLine}>
            {TEXT.continueHint}
          </p>
        ) : null}
      </div>
    </form>
  );
}
