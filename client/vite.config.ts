import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { elevenLabsWorklets } from './elevenlabs-worklets';

const apiTarget = process.env.VITE_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  plugins: [react(), tailwindcss(), elevenLabsWorklets()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: apiTarget },
      // ws: the sandbox agent's conversation socket for browser calls.
      '/sandbox': { target: apiTarget, ws: true },
    },
  },
  build: {
    outDir: 'dist',
    // No source maps in the served bundle: they would publish the source to anyone.
    sourcemap: false,
    // Read by scripts/prerender.mjs to preload each prerendered page's own chunk.
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change far less often than our pages: apart, a deploy leaves them cached.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
              priority: 20,
            },
            // Only what every page needs is grouped: a library one page uses (zod, sonner,
            // libphonenumber) stays with that page's chunk, off the landing page's download.
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 10 },
          ],
        },
      },
    },
  },
});
