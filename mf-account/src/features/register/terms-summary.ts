/**
 * The register page's Terms and Conditions modal: the eight sections of spec §2.3 in short form, their
 * texts in the register catalog (`terms.<section>.title` / `.text`). The full text is the
 * /terms&conditions page (mf-content).
 */
export const TERMS_SECTIONS = ['introduction', 'accounts', 'privacy', 'content', 'termination', 'liability', 'law', 'changes'] as const;
