/**
 * The association's registered name (ASSOCIATION.legalName) as the Tamil legal texts write it: the
 * name the association uses in Tamil, and that it is incorporated.
 */
export const TAMIL_LEGAL_NAME = 'அடிலெய்டு தமிழ்ச் சங்கம் (சட்டப்படி பதிவுசெய்யப்பட்ட சங்கம்)';
