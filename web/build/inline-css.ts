import type { Plugin, Rollup } from 'vite';

/**
 * Inlines the app's stylesheet (one file, about 9.5 KB gzip) into index.html as a <style> element, in
 * place of its <link>: the first paint then needs the HTML only, not a second request, which matters most
 * where index.html already holds the screen (the auth screen, build/prerender-auth.ts) and on slow
 * connections (issue 19's LCP target on Lighthouse's mobile profile). The CSS file is still emitted. The
 * Content-Security-Policy allows the element by its hash (security-headers.ts).
 */
export function inlineCss(): Plugin {
  return {
    name: 'inline-css',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const bundle = ctx.bundle;
        return html.replace(/<link rel="stylesheet"[^>]*href="\/([^"]+\.css)"[^>]*>/g, (tag, file: string) => {
          const asset = bundle[file] as Rollup.OutputAsset | undefined;
          if (asset?.type !== 'asset') return tag;
          const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
          // A stylesheet has no "</style" inside, so it cannot end the element early.
          if (/<\/style/i.test(css)) return tag;
          return `<style>${css}</style>`;
        });
      },
    },
  };
}
