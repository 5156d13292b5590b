import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Plugin, ResolvedConfig } from 'vite';
import { headersFile, pageSecurityHeaders } from './security-headers.ts';

/**
 * Writes `_headers` next to the built index.html: the SPA's security headers (security-headers.ts) with the
 * hashes of the page's final inline scripts and the build's VITE_SUPABASE_URL. Netlify and Cloudflare
 * Pages read the file as it is; the local stack sends its headers too (local/static.ts). Other hosts:
 * copy its lines into the host's header settings.
 */
export function securityHeaders(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'security-headers',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    async writeBundle(options) {
      const dir = options.dir ?? config.build.outDir;
      const html = await readFile(path.join(dir, 'index.html'), 'utf8');
      const supabaseUrl = (config.env.VITE_SUPABASE_URL as string | undefined) || undefined;
      await writeFile(path.join(dir, '_headers'), headersFile(pageSecurityHeaders(html, { supabaseUrl })));
    },
  };
}
