/** The login card's texts (spec §4, §8). */
export const LOGIN_TEXT = {
  loginSuccess: 'Login successful!',
  invalidCredentials: 'Invalid email or password',
  serverUnavailable: 'Server unavailable',
  somethingWrong: 'Something went wrong. Please try again later.',
  resetLinkSent: 'Reset link sent successfully. Check your email.',
  resetLinkFailed: 'Failed to send reset link.',
} as const;
