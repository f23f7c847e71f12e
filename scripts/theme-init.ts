import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Plugin } from 'vite';

/** The address index.html names the theme script by, in the source and in development. */
const SOURCE_ADDRESS = '/theme-init.js';

/**
 * The theme script (`file`), which index.html runs before the first paint, built as a content-hashed file under
 * /assets/: the browser keeps it for a year like every other asset, instead of asking the server again on every visit
 * while the page waits for it (decision 090). In development the server answers the plain address from the source.
 */
export function themeInitAsset(file: string): Plugin {
  const source = () => fs.readFileSync(file, 'utf8');
  let built = '';
  return {
    name: 'kvitt:theme-init',
    buildStart() {
      if (this.meta.watchMode) return;
      const text = source();
      const hash = createHash('sha256').update(text).digest('base64url').slice(0, 8);
      built = `assets/theme-init-${hash}.js`;
      this.emitFile({ type: 'asset', fileName: built, source: text });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!built) return html;
        if (!html.includes(`src="${SOURCE_ADDRESS}"`)) throw new Error(`index.html no longer loads ${SOURCE_ADDRESS}`);
        return html.replace(`src="${SOURCE_ADDRESS}"`, `src="/${built}"`);
      },
    },
    configureServer(server) {
      server.middlewares.use(SOURCE_ADDRESS, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(source());
      });
    },
  };
}
