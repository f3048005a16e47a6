import type { LoginUser } from '@tca/contracts';

/**
 * Spec §5: "When prefilled from the stored user, the first 2 characters of the phone are dropped"
 * (a stored 61412345678 becomes 412345678).
 */
export function prefillPhone(phone: string): string {
  return phone.slice(2);
}

export interface ContactPrefill {
  name: string;
  senderEmail: string;
  phoneNumber: string;
}

/** The contact form's starting values: from the stored user when there is one, else empty. */
export function contactPrefill(user: LoginUser | null): ContactPrefill {
  if (!user) return { name: '', senderEmail: '', phoneNumber: '' };
  return {
    name: [user.firstName, user.lastName].map((part) => part.trim()).filter(Boolean).join(' '),
    senderEmail: user.email,
    phoneNumber: prefillPhone(user.phone),
  };
}
