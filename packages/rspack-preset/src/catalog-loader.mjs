// Rspack loader (plain JavaScript, like raster-loader.mjs) for the interface catalogs,
// `messages/<lang>.json`: each ICU MessageFormat text is compiled at build time with Lingui's own
// compiler, so the browser gets what Lingui's runtime interpolates and never ships the compiler. A text
// that is not valid ICU, or a file that is not a flat object of strings, fails the build with its key.
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * The catalog's texts compiled, key by key.
 * @param {string} source the JSON file's text
 * @param {string} [file] for error messages
 * @returns {Record<string, unknown>}
 */
export function compileCatalog(source, file = 'catalog') {
  /** @type {unknown} */
  const parsed = JSON.parse(source);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error(`${file}: a catalog is an object of texts`);
  /** @type {Record<string, unknown>} */
  const out = {};
  for (const [key, text] of Object.entries(parsed)) {
    if (typeof text !== 'string') throw new Error(`${file}: "${key}" is not a text`);
    try {
      // Always the token list, even for plain text: Lingui takes a string for an uncompiled message.
      out[key] = compileMessageOrThrow(text);
    } catch (error) {
      throw new Error(`${file}: "${key}" is not valid ICU MessageFormat: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }
  return out;
}

/**
 * @this {{ resourcePath: string }}
 * @param {string} source
 */
export default function catalogLoader(source) {
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(source, this.resourcePath)))});`;
}
