// Node loader hook for tests: a CSS Module imports as an object whose class names are their own keys
// (Rspack compiles the real ones), and plain CSS as nothing.
export async function load(url, context, nextLoad) {
  if (url.endsWith('.module.css')) {
    return {
      format: 'module',
      shortCircuit: true,
      source: 'export default new Proxy({}, { get: (_target, key) => (typeof key === "string" ? key : undefined) });',
    };
  }
  if (url.endsWith('.css')) return { format: 'module', shortCircuit: true, source: 'export {};' };
  return nextLoad(url, context);
}
