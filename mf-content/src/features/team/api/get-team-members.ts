import type { TeamMember } from '@tca/contracts';
import { contentList } from '../../../shared/content/load-content.js';

/** GET /teammanagement/get (spec §7): the committee members shown on /team. */
export const getTeamMembers = contentList<TeamMember>('/teammanagement/get');
