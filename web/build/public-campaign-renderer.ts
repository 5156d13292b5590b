import path from 'node:path';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { messageCatalogs } from './message-catalogs.ts';
import { PUBLIC_CAMPAIGN_RENDERER, SERVER_DIR } from './public-campaign-files.ts';


/**
 * Builds src/app/prerender-public-campaign.tsx into a Node module of its own, with its dependencies bundled
 * (the build's folder may be anywhere: a temporary one for tests), which the stack's server imports to write
 * a public campaign's first screen into the page it serves (decision 0040). After the app's own build, from
 * the same sources and catalog compiler, so the HTML is what the app's components render.
 */
export function publicCampaignRenderer(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'public-campaign-renderer',
    apply: (_, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    async closeBundle() {
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        logLevel: 'warn',
        envDir: config.envDir,
        plugins: [messageCatalogs(), react()],
        resolve: { alias: config.resolve.alias },
        ssr: { noExternal: true, target: 'node' },
        build: {
          ssr: path.join(config.root, 'src/app/prerender-public-campaign.tsx'),
          outDir: path.join(config.build.outDir, SERVER_DIR),
          emptyOutDir: true,
          target: 'node20',
          minify: false,
          copyPublicDir: false,
          rolldownOptions: { output: { entryFileNames: path.basename(PUBLIC_CAMPAIGN_RENDERER), codeSplitting: false } },
        },
      });
    },
  };
}
