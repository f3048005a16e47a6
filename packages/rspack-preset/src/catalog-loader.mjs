// Rspack loader (plain JavaScript, like raster-loader.mjs) for the interface catalogs,
// `messages/<lang>.json`: each ICU MessageFormat text is compiled at build time with Lingui's own
// compiler, so the browser never ships the compiler. Tamil becomes what Lingui's runtime interpolates;
// English, the source language, becomes plain strings and small functions (see englishModule), so an
// English page needs no formatter. A text that is not valid ICU, or a file that is not a flat object of
// strings, fails the build with its key.
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

const IDENTIFIER = /^[A-Za-z_$][\w$]*$/;

/**
 * One compiled English text as a JavaScript expression over `v` (the values): string literals joined
 * with `+`, an argument `(v.name??"")` (a missing value is empty, as in Lingui), a plural or select
 * through the helpers `p` and `s` of `@tca/ui/i18n` (englishPlural, englishSelect); in a plural's case,
 * `#` is the case function's argument `k`, the count formatted. Anything else fails the build.
 * @param {unknown[]} tokens
 * @param {{ inPlural: boolean, where: string, helpers: Set<string> }} scope
 * @returns {{ code: string, values: boolean, count: boolean }} the code, and whether it reads `v` or `k`
 */
function expression(tokens, scope) {
  /** @type {string[]} */
  const parts = [];
  let text = null;
  let values = false;
  let count = false;
  const flush = () => {
    if (text !== null) parts.push(JSON.stringify(text));
    text = null;
  };
  for (const token of tokens) {
    if (typeof token === 'string') {
      if (token === '#' && scope.inPlural) {
        flush();
        parts.push('k');
        count = true;
      } else {
        text = (text ?? '') + token;
      }
      continue;
    }
    flush();
    const [name, type, format] = /** @type {[string, string?, unknown?]} */ (token);
    const value = IDENTIFIER.test(name) ? `v.${name}` : `v[${JSON.stringify(name)}]`;
    values = true;
    if (type === undefined) {
      parts.push(`(${value}??"")`);
    } else if ((type === 'plural' || type === 'select') && !(/** @type {{ offset?: unknown }} */ (format).offset)) {
      // Lingui's compiler writes `offset: undefined` into every plural.
      const { offset: _none, ...cases } = /** @type {Record<string, unknown>} */ (format);
      const plural = type === 'plural';
      const entries = Object.entries(cases).map(([key, caseTokens]) => {
        // As in Lingui, `#` is the count only directly in a plural's case (in a select within it, a `#`).
        const body = expression(/** @type {unknown[]} */ (caseTokens), { ...scope, inPlural: plural });
        return `${IDENTIFIER.test(key) ? key : JSON.stringify(key)}:${plural && body.count ? `k=>${body.code}` : body.code}`;
      });
      scope.helpers.add(plural ? 'p' : 's');
      parts.push(`${plural ? 'p' : 's'}(${value},{${entries.join(',')}})`);
    } else {
      // What no English text of the site needs stays out of every page: numbers and dates are formatted in
      // code (@tca/ui/i18n/format) and passed as text; an ordinal or a plural offset would need more here.
      throw new Error(`${scope.where}: {${name}, ${type}${type === 'plural' ? ', offset' : ''}} is not supported in English catalogs; format it in code (@tca/ui/i18n/format) and pass the text`);
    }
  }
  flush();
  return { code: parts.length === 0 ? '""' : parts.join('+'), values, count };
}

/**
 * The English catalog as a module: a text without arguments is a string, one with arguments a function
 * of its values. Formatting happens in the functions, so the first load carries no interpreter.
 * @param {string} source the JSON file's text
 * @param {string} [file] for error messages
 * @returns {string}
 */
export function englishModule(source, file = 'catalog') {
  /** @type {Set<string>} */
  const helpers = new Set();
  const entries = Object.entries(compileCatalog(source, file)).map(([key, tokens]) => {
    const body = expression(/** @type {unknown[]} */ (tokens), { inPlural: false, where: `${file}: "${key}"`, helpers });
    return `${JSON.stringify(key)}:${body.values ? `v=>${body.code}` : body.code}`;
  });
  const imports = [...helpers].sort().map((helper) => (helper === 'p' ? 'englishPlural as p' : 'englishSelect as s'));
  return `${imports.length > 0 ? `import { ${imports.join(', ')} } from '@tca/ui/i18n';\n` : ''}export default {${entries.join(',')}};`;
}

/**
 * @this {{ resourcePath: string }}
 * @param {string} source
 */
export default function catalogLoader(source) {
  if (/[\\/]en\.json$/.test(this.resourcePath)) return englishModule(source, this.resourcePath);
  return `export default JSON.parse(${JSON.stringify(JSON.stringify(compileCatalog(source, this.resourcePath)))});`;
}
