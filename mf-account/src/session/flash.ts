/**
 * A message that survives the full page load after a logout (spec §4: logout shows 'Logged out
 * successfully', goes to /login and reloads). It is kept in sessionStorage for this tab only and
 * shown once by the login page.
 */

export const FLASH_KEY = 'tca:account-flash';

export interface Flash {
  tone: 'success' | 'info' | 'error';
  text: string;
}

type FlashStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export function setFlash(storage: FlashStorage | null, flash: Flash): void {
  try {
    storage?.setItem(FLASH_KEY, JSON.stringify(flash));
  } catch {
    // Storage can be full or blocked; the message is then simply not shown.
  }
}

/** The pending message, removed as it is read; null when there is none or it is not readable. */
export function takeFlash(storage: FlashStorage | null): Flash | null {
  let raw: string | null;
  try {
    raw = storage?.getItem(FLASH_KEY) ?? null;
    if (raw !== null) storage?.removeItem(FLASH_KEY);
  } catch {
    return null;
  }
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<Flash>;
    if (typeof parsed.text !== 'string' || !['success', 'info', 'error'].includes(String(parsed.tone))) return null;
    return { tone: parsed.tone as Flash['tone'], text: parsed.text };
  } catch {
    return null;
  }
}

export function tabStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}
