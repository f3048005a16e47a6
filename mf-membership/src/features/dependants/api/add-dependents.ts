import { messageAnswerSchema, type DependantsRequest } from '@tca/contracts';
import { callApi } from '@tca/ui/api';

/** POST /membership/add-dependents: the spouse and children of a family membership; answers a message. */
export function addDependents(request: DependantsRequest, token: string) {
  return callApi('/membership/add-dependents', { body: request, token, answer: messageAnswerSchema });
}
