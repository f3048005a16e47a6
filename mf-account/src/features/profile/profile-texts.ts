/** The profile's change-password texts (spec §4, §5, §8). */
export const PROFILE_TEXT = {
  changeFailed: 'Failed to change password',
  changeMismatch: "New passwords don't match",
  changeSuccess: 'Password changed successfully',
} as const;
