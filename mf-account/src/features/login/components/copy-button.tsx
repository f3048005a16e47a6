import { toast } from '../../../shared/toasts.js';
import styles from '../../../shared/account.module.css';
import { useSecondFactorText } from '../second-factor-texts.js';

/** Copies `text` to the clipboard and says so (or that it could not: then the text is there to select). */
export function CopyButton({ text, label, done }: { text: string; label: string; done: string }) {
  const TEXT = useSecondFactorText();
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast('success', done);
    } catch {
      toast('error', TEXT.copyFailed);
    }
  };
  return (
    <button type="button" className={styles.secondary} onClick={() => void copy()}>
      {label}
    </button>
  );
}
