import { PASSWORD_RESET_MESSAGE } from '@tca/contracts';

/** The reset-password page's texts (spec §5, §8). */
export const RESET_PASSWORD_TEXT = {
  passwordsDoNotMatch: 'Passwords do not match.',
  resetSuccess: PASSWORD_RESET_MESSAGE,
  resetFailed: 'Something went wrong.',
  resetNetwork: 'An error occurred. Please try again later.',
} as const;
