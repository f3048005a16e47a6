/** An authenticator key in groups of four (`ABCD EFGH …`), easier to read and type by hand. */
export function keyGroups(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}

/** The text file Download saves: what the codes are for, whose they are, then one code a line. */
export function recoveryCodesFile(codes: readonly string[], { siteName, email, savedAt }: { siteName: string; email: string; savedAt: Date }): string {
  return [
    `${siteName}: recovery codes for staff sign-in`,
    `Account: ${email}`,
    `Issued: ${savedAt.toISOString().slice(0, 10)}`,
    '',
    'Each code signs you in once instead of the 6-digit code from your authenticator app.',
    'Keep this file somewhere safe, not on the phone with the app.',
    '',
    ...codes,
    '',
  ].join('\n');
}
