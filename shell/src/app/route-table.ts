import { paths, remoteForPage, type PageId, type RemoteName } from '@tca/contracts';

export interface RouteEntry {
  page: PageId;
  path: string;
  remote: RemoteName;
  /** Spec §2.1: every page but the profile shows the one-second loader first. */
  showLoader: boolean;
}

/** The route table of spec §2.1: every path mapped to the page of the remote that owns it. */
export const ROUTES: readonly RouteEntry[] = (Object.keys(paths) as PageId[]).map((page) => ({
  page,
  path: paths[page],
  remote: remoteForPage(page),
  showLoader: page !== 'profile',
}));
