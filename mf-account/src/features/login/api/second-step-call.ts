import type { FetchLike } from '@tca/ui/api';

/** What the second step's calls may be given: another fetch (the tests' doubles). */
export interface SecondStepCallOptions {
  fetchImpl?: FetchLike;
}

/** The options `callApi` takes from a second-step call's options (none of them when nothing was given). */
export const withFetch = (options: SecondStepCallOptions) => (options.fetchImpl ? { fetchImpl: options.fetchImpl } : {});
