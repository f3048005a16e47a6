import type { PageId } from '@tca/contracts';

/** The languages a page is served in: English at the bare URL, Tamil at `?lang=ta`. */
export type SeoLang = 'en' | 'ta';

interface PageText {
  title: string;
  description: string;
}

export const SITE_NAMES: Readonly<Record<SeoLang, string>> = { en: 'Adelaide Tamil Association', ta: 'அடிலெய்டு தமிழ்ச் சங்கம்' };

export const SITE_DESCRIPTIONS: Readonly<Record<SeoLang, string>> = {
  en: "A non-profit association bringing Adelaide's Tamil community together through culture, language and events.",
  ta: 'பண்பாடு, மொழி, நிகழ்வுகள் வழியாக அடிலெய்டு தமிழ்ச் சமூகத்தை ஒன்றிணைக்கும் இலாப நோக்கற்ற சங்கம்.',
};

/** OpenGraph's locale of each language. */
export const OG_LOCALES: Readonly<Record<SeoLang, string>> = { en: 'en_AU', ta: 'ta_IN' };

/**
 * Pages that are indexed: their title and description in each language (the Tamil words are the
 * glossary's, glossary.ta.json). Every other page (the account's, the checkout's, staff) is noindex.
 */
export const PUBLIC_PAGES: Partial<Record<PageId, Readonly<Record<SeoLang, PageText>>>> = {
  home: { en: { title: SITE_NAMES.en, description: SITE_DESCRIPTIONS.en }, ta: { title: SITE_NAMES.ta, description: SITE_DESCRIPTIONS.ta } },
  about: {
    en: { title: 'About us', description: "The Adelaide Tamil Association's history, mission and vision." },
    ta: { title: 'எங்களைப் பற்றி', description: 'அடிலெய்டு தமிழ்ச் சங்கத்தின் வரலாறு, பணி, தொலைநோக்கு.' },
  },
  team: {
    en: { title: 'Our team', description: 'The volunteers who run the Adelaide Tamil Association.' },
    ta: { title: 'எங்கள் குழு', description: 'அடிலெய்டு தமிழ்ச் சங்கத்தை நடத்தும் தன்னார்வலர்கள்.' },
  },
  events: {
    en: { title: 'Events', description: "Festivals, classes and gatherings of Adelaide's Tamil community." },
    ta: { title: 'நிகழ்வுகள்', description: 'அடிலெய்டு தமிழ்ச் சமூகத்தின் விழாக்கள், வகுப்புகள், ஒன்றுகூடல்கள்.' },
  },
  event: {
    en: { title: 'Events', description: "Festivals, classes and gatherings of Adelaide's Tamil community." },
    ta: { title: 'நிகழ்வுகள்', description: 'அடிலெய்டு தமிழ்ச் சமூகத்தின் விழாக்கள், வகுப்புகள், ஒன்றுகூடல்கள்.' },
  },
  gallery: {
    en: { title: 'Gallery', description: "Photos from the Adelaide Tamil Association's events." },
    ta: { title: 'படத்தொகுப்பு', description: 'அடிலெய்டு தமிழ்ச் சங்க நிகழ்வுகளின் படங்கள்.' },
  },
  blog: {
    en: { title: 'Blog', description: 'News and stories from the Adelaide Tamil Association.' },
    ta: { title: 'வலைப்பதிவு', description: 'அடிலெய்டு தமிழ்ச் சங்கத்தின் செய்திகளும் கதைகளும்.' },
  },
  blogPost: {
    en: { title: 'Blog', description: 'News and stories from the Adelaide Tamil Association.' },
    ta: { title: 'வலைப்பதிவு', description: 'அடிலெய்டு தமிழ்ச் சங்கத்தின் செய்திகளும் கதைகளும்.' },
  },
  contact: {
    en: { title: 'Contact us', description: 'Send the Adelaide Tamil Association a message.' },
    ta: { title: 'எங்களைத் தொடர்புகொள்ள', description: 'அடிலெய்டு தமிழ்ச் சங்கத்துக்கு ஒரு செய்தி அனுப்புங்கள்.' },
  },
  raiseTicket: {
    en: { title: 'Raise a ticket', description: 'Ask the Adelaide Tamil Association for help with your membership or the site.' },
    ta: { title: 'உதவிக் கோரிக்கை', description: 'உங்கள் உறுப்புரிமை அல்லது இணையதளம் பற்றி அடிலெய்டு தமிழ்ச் சங்கத்திடம் உதவி கேளுங்கள்.' },
  },
  tamilSchools: {
    en: { title: 'Tamil schools', description: 'Where children learn Tamil in Adelaide.' },
    ta: { title: 'தமிழ்ப் பள்ளிகள்', description: 'அடிலெய்டில் குழந்தைகள் தமிழ் கற்கும் இடங்கள்.' },
  },
  terms: {
    en: { title: 'Terms and conditions', description: "The terms and conditions of the Adelaide Tamil Association's site and membership." },
    ta: { title: 'விதிமுறைகளும் நிபந்தனைகளும்', description: 'அடிலெய்டு தமிழ்ச் சங்கத்தின் இணையதளம், உறுப்புரிமை ஆகியவற்றின் விதிமுறைகளும் நிபந்தனைகளும்.' },
  },
  privacy: {
    en: { title: 'Privacy policy', description: 'How the Adelaide Tamil Association handles your personal information.' },
    ta: { title: 'தனியுரிமைக் கொள்கை', description: 'அடிலெய்டு தமிழ்ச் சங்கம் உங்கள் தனிப்பட்ட தகவல்களைக் கையாளும் முறை.' },
  },
  membership: {
    en: { title: 'Membership', description: 'Become a member of the Adelaide Tamil Association: members save over $150 on events.' },
    ta: { title: 'உறுப்புரிமை', description: 'அடிலெய்டு தமிழ்ச் சங்கத்தின் உறுப்பினர் ஆகுங்கள்: உறுப்பினர்கள் நிகழ்வுகளில் $150-க்கு மேல் சேமிக்கிறார்கள்.' },
  },
  login: {
    en: { title: 'Log in', description: 'Log in to your Adelaide Tamil Association account.' },
    ta: { title: 'உள்நுழைக', description: 'உங்கள் அடிலெய்டு தமிழ்ச் சங்கக் கணக்கில் உள்நுழையுங்கள்.' },
  },
  register: {
    en: { title: 'Register', description: 'Create an Adelaide Tamil Association account.' },
    ta: { title: 'பதிவுசெய்க', description: 'அடிலெய்டு தமிழ்ச் சங்கத்தில் ஒரு கணக்கைப் பதிவுசெய்யுங்கள்.' },
  },
};

/** "Next: …" before the events page's description, and an event's "When, where." line. */
export const EVENT_TEXT: Readonly<Record<SeoLang, { next: string; cancelled: string }>> = {
  en: { next: 'Next', cancelled: 'Cancelled' },
  ta: { next: 'அடுத்து', cancelled: 'ரத்து செய்யப்பட்டது' },
};
