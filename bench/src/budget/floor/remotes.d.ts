// The remotes' exposed modules as the floor imports them (aliases made by floor-build.ts). Declared
// here, not resolved: the bench's typecheck must not compile the remotes' sources.
declare module '@tca-floor/content/routes' {
  import type { RemoteRoutesModule } from '@tca/contracts';
  export const pages: RemoteRoutesModule<'content'>['pages'];
}
declare module '@tca-floor/membership/routes' {
  import type { RemoteRoutesModule } from '@tca/contracts';
  export const pages: RemoteRoutesModule<'membership'>['pages'];
}
declare module '@tca-floor/account/routes' {
  import type { RemoteRoutesModule } from '@tca/contracts';
  export const pages: RemoteRoutesModule<'account'>['pages'];
}
declare module '@tca-floor/staff/routes' {
  import type { RemoteRoutesModule } from '@tca/contracts';
  export const pages: RemoteRoutesModule<'staff'>['pages'];
}
