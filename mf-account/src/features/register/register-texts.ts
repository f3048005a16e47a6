/** The register page's texts (spec §4, §5, §8). */
export const REGISTER_TEXT = {
  registerSuccess: 'Registration successful!',
  registerFailed: 'Registration failed. Please try again.',
  noResponse: 'No response from server. Please try again.',
  errorOccurred: 'An error occurred. Please try again.',
  correctErrors: 'Please correct the errors in the form',
  passwordsDoNotMatch: 'Passwords do not match',
} as const;
