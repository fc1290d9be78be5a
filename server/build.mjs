// Bundles the server and the shared contract into dist/main.js; npm packages stay external.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/main.ts', 'src/db/migrate-cli.ts', 'src/doctor/doctor-cli.ts'],
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // The email templates are React components (react/jsx-runtime, as server/tsconfig.json says).
  jsx: 'automatic',
  logLevel: 'warning',
  plugins: [
    {
      name: 'external-packages-except-shared',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) =>
          args.path.startsWith('@santa/shared') ? undefined : { path: args.path, external: true },
        );
      },
    },
  ],
});
