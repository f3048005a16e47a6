// Node loader hook for tests of React code that imports CSS (Rspack compiles the real files): a CSS
// Module imports as an object whose class names are their own keys, and plain CSS as nothing.
// Register it before importing the code under test:
//   register('@tca/ui/testing/css-module-stub', import.meta.url);
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
