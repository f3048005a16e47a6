import { translator, type Catalog, type CatalogFile } from '@tca/ui/i18n';
import { englishIndex } from '@tca/ui/i18n/known';

const indexes = new WeakMap<Catalog<CatalogFile>, ReadonlyMap<string, string>>();

/**
 * A text that travels as a value (a contract's validation message, a service's known answer) in the
 * language shown, when `catalog` has its English word for word; any other text as it came.
 */
export function knownText(message: string, catalog: Catalog<CatalogFile>): string {
  let index = indexes.get(catalog);
  if (!index) {
    index = englishIndex(catalog);
    indexes.set(catalog, index);
  }
  const key = index.get(message.trim());
  return key === undefined ? message : translator(catalog)(key);
}
