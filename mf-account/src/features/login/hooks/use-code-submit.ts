import { useState, type FormEvent, type RefObject } from 'react';
import type { ApiResult } from '@tca/ui/api';
import { toast } from '../../../shared/toasts.js';
import type { CheckedCode } from '../code-checks.js';
import { submitCode } from '../submit-code.js';

interface CodeSubmitOptions<T> {
  /** The typed code checked as identity checks it. */
  check: (typed: string) => CheckedCode;
  send: (code: string) => Promise<ApiResult<T>>;
  onDone: (answer: T) => void;
  /** Back to the password step with this message. */
  onRestart: (text: string) => void;
  inputRef: RefObject<HTMLInputElement | null>;
}

/**
 * The code field's value, its error and the submit of a second-step form: a code that cannot be right is
 * not sent; a wrong or replayed one, too many attempts or a server away show under the field (and as a
 * toast) with focus back in it; an ended sign-in goes back to the password step.
 */
export function useCodeSubmit<T>({ check, send, onDone, onRestart, inputRef }: CodeSubmitOptions<T>) {
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const refuse = (text: string) => {
    setError(text);
    toast('error', text);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const outcome = await submitCode(value, check, send);
    if (outcome.kind === 'ok') {
      onDone(outcome.answer);
      return;
    }
    setBusy(false);
    if (outcome.kind === 'restart') onRestart(outcome.text);
    else refuse(outcome.text);
  };

  const reset = () => {
    setValue('');
    setError(undefined);
  };

  return { value, setValue, error, busy, onSubmit, reset };
}
