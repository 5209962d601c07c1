import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The gateway answers /api, /auth and /ws; in development Vite forwards them so the session
// cookie stays same-origin, exactly as when the gateway serves the built console.
const gateway = process.env.GATEWAY_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [
    // Before react(): it generates src/routeTree.gen.ts and splits route code (options in tsr.config.json).
    tanstackRouter(),
    react(),
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
  build: { outDir: 'dist', emptyOutDir: true },
});
