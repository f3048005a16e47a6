/** Which app built a script, from where the gateway serves it: /remotes/<name>/ or /releases/<name>/<version>/, else the shell. */
export function appOf(url: URL): string {
  const match = /^\/(?:remotes|releases)\/(\w+)\//.exec(url.pathname);
  return match ? `mf-${match[1]}` : 'shell';
}
