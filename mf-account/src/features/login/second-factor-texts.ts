import { useT } from '@tca/ui/i18n';
import { secondFactorCatalog } from './second-factor/messages.js';

/** The texts of a staff account's second sign-in step (issue 14); the server's messages come from @tca/contracts. */
export const SECOND_FACTOR_TEXT = {
  codeTitle: 'Enter your code',
  codeLead: 'Your account has a staff role, so it needs a second step: the 6-digit code your authenticator app shows for this site.',
  recoveryLead: 'Enter one of the ten recovery codes you saved when you set up your authenticator app. Each code works once.',
  codeLabel: '6-digit code',
  codeHint: 'The code changes every 30 seconds. Spaces do not matter.',
  recoveryLabel: 'Recovery code',
  recoveryHint: 'Ten letters and digits, for example abcde-fghjk.',
  useRecovery: 'Use a recovery code instead',
  useApp: 'Use your authenticator app instead',
  verify: 'Verify',
  verifying: 'Verifying...',
  startAgain: 'Start again with your password',
  enrolTitle: 'Set up your authenticator app',
  enrolLead: 'Your account has a staff role, so signing in needs a code from an authenticator app as well as your password.',
  enrolPreparing: 'Preparing your key…',
  tryAgain: 'Try again',
  qrAlt: 'QR code for your authenticator app: it adds this site and your account',
  keyLabel: 'Your key',
  copyKey: 'Copy key',
  keyCopied: 'Key copied.',
  confirm: 'Confirm and sign in',
  confirming: 'Confirming...',
  codesTitle: 'Save your recovery codes',
  codesLead:
    'If you lose your phone or your authenticator app, each of these codes lets you sign in once instead of a 6-digit code. They are shown only now: keep them somewhere safe, away from the phone.',
  copyCodes: 'Copy codes',
  codesCopied: 'Recovery codes copied.',
  downloadCodes: 'Download (.txt)',
  savedCheckbox: 'I have saved these codes',
  continue: 'Continue',
  continueHint: 'Tick the box once the codes are saved.',
  copyFailed: 'Could not copy. Select the text and copy it yourself.',
  toStaffArea: 'Taking you to the staff area…',
} as const;

/** The name of the file Download saves the recovery codes in. */
export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/**
 * The step's texts in the language shown (the catalog account.secondFactor; SECOND_FACTOR_TEXT is their
 * English), plus `t` for the enrolment's own lines.
 */
export function useSecondFactorText(): Record<keyof typeof SECOND_FACTOR_TEXT, string> & { t: ReturnType<typeof useT<typeof secondFactorCatalog.english>> } {
  const t = useT(secondFactorCatalog);
  const texts = Object.fromEntries(Object.keys(SECOND_FACTOR_TEXT).map((key) => [key, t(key as keyof typeof SECOND_FACTOR_TEXT)])) as Record<keyof typeof SECOND_FACTOR_TEXT, string>;
  return { ...texts, t };
}
