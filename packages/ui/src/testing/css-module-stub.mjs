// Node loader hook for tests of React code that imports what only Rspack compiles: a CSS Module
// imports as an object whose class names are their own keys, plain CSS as nothing, and an image
// (svg, png, jpg, webp) as its file name under /assets/.
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
  if (/\.(svg|png|jpe?g|webp)$/.test(url)) {
    return { format: 'module', shortCircuit: true, source: `export default ${JSON.stringify(`/assets/${url.split('/').pop()}`)};` };
  }
  return nextLoad(url, context);
}
