/** A checkout answer's `url` is only followed when it is an http(s) address. */
export function isRedirectUrl(url: string): boolean {
  try {
    const parsed = new URL(url, 'http://placeholder.invalid');
    return parsed.protocol === 'https:' || parsed.protocol === 'http:';
  } catch {
    return false;
  }
}
