import { rspack, type Compiler } from '@rspack/core';
import { PAGE_ASSETS_FILE, PAGE_CHUNK_PREFIX, type PageAssets, type PageId } from '@tca/contracts';

const PLUGIN = 'TcaPageAssetsPlugin';

/**
 * Writes PAGE_ASSETS_FILE beside the remote's manifest: for every chunk group a page's import names
 * `page-<PageId>` (webpackChunkName), the JS and CSS files it loads. The gateway reads it to preload a
 * page's code from the HTML, in parallel with the shell, instead of one step after another.
 */
export class PageAssetsPlugin {
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap(PLUGIN, (compilation) => {
      compilation.hooks.processAssets.tap({ name: PLUGIN, stage: rspack.Compilation.PROCESS_ASSETS_STAGE_REPORT }, () => {
        const pages: PageAssets = {};
        for (const [name, group] of [...compilation.namedChunkGroups].sort(([a], [b]) => a.localeCompare(b))) {
          if (!name.startsWith(PAGE_CHUNK_PREFIX)) continue;
          const files = group.getFiles().filter((file) => !file.endsWith('.map'));
          pages[name.slice(PAGE_CHUNK_PREFIX.length) as PageId] = {
            js: files.filter((file) => file.endsWith('.js')).sort(),
            css: files.filter((file) => file.endsWith('.css')).sort(),
          };
        }
        compilation.emitAsset(PAGE_ASSETS_FILE, new rspack.sources.RawSource(`${JSON.stringify(pages, null, 2)}\n`));
      });
    });
  }
}
