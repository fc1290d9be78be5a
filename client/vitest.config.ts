import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { alias: { '@': new URL('./src', import.meta.url).pathname } },
  test: { name: 'client', include: ['src/**/*.test.{ts,tsx}'], environment: 'node' },
});
