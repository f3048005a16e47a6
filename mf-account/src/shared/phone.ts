import { getCountries, getCountryCallingCode, isValidPhoneNumber, parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';
import { currentLang, INTL_LOCALE, translator } from '@tca/ui/i18n';
import { phoneCatalog } from './phone/messages.js';

/**
 * Phone numbers as the old site stored them: the country code's digits followed by the national
 * number, without a plus (61412345678). libphonenumber-js checks a number against its country and
 * gives the national number without the trunk prefix (0412 345 678 → 412345678).
 */

/** The register page's default country (spec §9). */
export const DEFAULT_PHONE_COUNTRY: CountryCode = 'AU';
/** Spec §3: the login user's phoneCountry when nothing better is known. */
export const DEFAULT_PHONE_COUNTRY_CODE = '+91';

export interface CountryOption {
  /** ISO 3166-1 alpha-2, e.g. AU. */
  country: CountryCode;
  /** +61 */
  callingCode: string;
  /** "Australia (+61)" */
  label: string;
}

/** Every country libphonenumber-js knows, named in English and sorted by name. */
export function countryOptions(locale = 'en'): CountryOption[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {
    names = null;
  }
  return getCountries()
    .map((country) => {
      const callingCode = `+${getCountryCallingCode(country)}`;
      const name = names?.of(country) ?? country;
      return { country, callingCode, label: `${name} (${callingCode})` };
    })
    .sort((a, b) => a.label.localeCompare(b.label, locale));
}

export function isCountryCode(value: string): value is CountryCode {
  return (getCountries() as string[]).includes(value);
}

/** The name of a country in `locale` (English by default), for messages ("a valid phone number for Australia"). */
export function countryName(country: string, locale = 'en'): string {
  try {
    return new Intl.DisplayNames([locale], { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

/** Null when `national` is a valid number of `country`, else the message to show. */
export function phoneProblem(national: string, country: string): string | null {
  if (!isCountryCode(country)) return 'Please choose a country';
  // Made when the form validates, in the language shown then (the country named in it too).
  return isValidPhoneNumber(national, country) ? null : translator(phoneCatalog)('invalid', { country: countryName(country, INTL_LOCALE[currentLang()]) });
}

/**
 * The stored form of a number typed for a country (61412345678), or null when it is not a valid
 * number there. A number typed with its own +code keeps that code.
 */
export function toStoredPhone(national: string, country: string): string | null {
  if (!isCountryCode(country)) return null;
  const parsed = parsePhoneNumberFromString(national, country);
  if (!parsed?.isValid()) return null;
  return `${parsed.countryCallingCode}${parsed.nationalNumber}`;
}

/** Spec §2.3 profile rule: a plus sign, the first two digits, a space, then the rest (+61 412345678). */
export function formatProfilePhone(stored: string): string {
  const value = stored.trim();
  if (value === '') return '';
  const digits = value.replace(/^\+/, '');
  if (!/^\d+$/.test(digits)) return value;
  return digits.length <= 2 ? `+${digits}` : `+${digits.slice(0, 2)} ${digits.slice(2)}`;
}

/** The calling code (+61, +1, +91 …) a stored number starts with, or the spec's default +91. */
export function phoneCountryCode(stored: string): string {
  const digits = stored.trim().replace(/^\+/, '');
  if (!/^\d{4,}$/.test(digits)) return DEFAULT_PHONE_COUNTRY_CODE;
  const parsed = parsePhoneNumberFromString(`+${digits}`);
  return parsed ? `+${parsed.countryCallingCode}` : DEFAULT_PHONE_COUNTRY_CODE;
}
