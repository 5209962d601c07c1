import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

// The gateway answers /api, /auth and /ws; in development Vite forwards them so the session
// cookie stays same-origin, exactly as when the gateway serves the built console.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Before react(): it generates src/routeTree.gen.ts and splits route code (options in tsr.config.json).
    tanstackRouter(),
    react(),
    earlyStart(),
  ],
  server: {
    proxy: {
      '/api': { target: gateway },
      '/auth': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: gateway },
      '/auth': { target: gateway },
      '/ws': { target: gateway, ws: true },
    },
  },
  // One stylesheet, in <head>: a screen's own classes (e.g. the timeline's rows) load with the
  // shell's rather than as a second request after the screen's code, on its first paint's path.
  build: { outDir: 'dist', emptyOutDir: true, cssCodeSplit: false },
});

/**
 * src/boot/early-start.js as the first thing in <head>: a classic script (not bundled, no imports)
 * that starts the first screen's requests before the bundle arrives. Built, it is copied as is
 * under a content-hashed name (the gateway's CSP allows same-origin scripts, and static files are
 * cached for an hour); in development Vite serves the source.
 */
function earlyStart(): Plugin {
  const source = 'src/boot/early-start.js';
  const code = () => readFileSync(new URL(source, import.meta.url), 'utf8');
  let fileName = '';
  return {
    name: 'console-early-start',
    buildStart() {
      const hash = createHash('sha256').update(code()).digest('base64url').slice(0, 8);
      fileName = `assets/early-start-${hash}.js`;
    },
    transformIndexHtml(_html, ctx) {
      return [
        {
          tag: 'script',
          attrs: { src: ctx.server ? `/${source}` : `/${fileName}` },
          injectTo: 'head-prepend',
        },
      ];
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: code() });
    },
  };
}
