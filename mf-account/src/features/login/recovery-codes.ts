/** An authenticator key in groups of four (`ABCD EFGH …`), easier to read and type by hand. */
export function keyGroups(secret: string): string[] {
  return secret.replace(/\s+/g, '').match(/.{1,4}/g) ?? [];
}

type FileKey = 'file.site' | 'file.title' | 'file.account' | 'file.issued' | 'file.use' | 'file.keep';

/**
 * The text file Download saves: what the codes are for, whose they are, then one code a line. `t`: the
 * second step's catalog in the language shown (the file is read later, away from the page), the
 * association's name included.
 */
export function recoveryCodesFile(
  codes: readonly string[],
  { email, savedAt }: { email: string; savedAt: Date },
  t: (key: FileKey, values?: Readonly<Record<string, string>>) => string,
): string {
  return [
    t('file.title', { site: t('file.site') }),
    t('file.account', { email }),
    t('file.issued', { date: savedAt.toISOString().slice(0, 10) }),
    '',
    t('file.use'),
    t('file.keep'),
    '',
    ...codes,
    '',
  ].join('\n');
}
