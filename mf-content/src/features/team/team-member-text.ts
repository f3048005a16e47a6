import type { TeamMember } from '@tca/contracts';
import type { Lang } from '@tca/ui/i18n';
import { pickText } from '@tca/ui/i18n/format';

export type PickedText = ReturnType<typeof pickText>;

/** A member's name, role and description in the language shown: each Tamil field when an editor wrote it. */
export interface MemberText {
  name: PickedText;
  designation: PickedText;
  description: PickedText;
}

export function memberText(member: TeamMember, lang: Lang): MemberText {
  return {
    name: pickText(member.name, member.ta?.name, lang),
    designation: pickText(member.designation, member.ta?.designation, lang),
    description: pickText(member.description, member.ta?.description, lang),
  };
}
