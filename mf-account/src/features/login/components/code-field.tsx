import type { Ref } from 'react';
import { Field, fieldClasses } from '@tca/ui/forms';
import { shownText } from '../../../shared/messages.js';
import { useSecondFactorText } from '../second-factor-texts.js';

interface CodeFieldProps {
  /** `app`: the 6-digit code of the authenticator app; `recovery`: one of the saved recovery codes. */
  mode: 'app' | 'recovery';
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  inputRef: Ref<HTMLInputElement>;
}

/**
 * The code of the second sign-in step: a one-time code the phone's keyboard types with digits and the
 * browser (or the app) may fill in, or a recovery code; its error under it, named by the input.
 */
export function CodeField({ mode, value, onChange, error, inputRef }: CodeFieldProps) {
  const TEXT = useSecondFactorText();
  const app = mode === 'app';
  return (
    <Field label={app ? TEXT.codeLabel : TEXT.recoveryLabel} required hint={app ? TEXT.codeHint : TEXT.recoveryHint} error={shownText(error)} errorLines={3}>
      {(control) => (
        <input
          {...control}
          ref={inputRef}
          name="code"
          className={fieldClasses.control}
          type="text"
          inputMode={app ? 'numeric' : 'text'}
          autoComplete={app ? 'one-time-code' : 'off'}
          autoCapitalize="none"
          spellCheck={false}
          maxLength={app ? 9 : 13}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}
