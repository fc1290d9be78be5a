import js from '@eslint/js';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { readdirSync, readFileSync } from 'node:fs';

// Style rule 2: no client feature imports another feature.
const features = readdirSync(new URL('./client/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = features.map((name) => ({
  target: `./client/src/features/${name}`,
  from: './client/src/features',
  except: [`./${name}`],
  message: 'features do not import each other; share through lib/ or components/',
}));

// Small modules: a file fits in 300 lines, a function on a screen (80). The files that do not yet
// are listed in eslint.size-exceptions.json, which only shrinks (scripts/size-exceptions.mjs).
const sizeExceptions = JSON.parse(
  readFileSync(new URL('./eslint.size-exceptions.json', import.meta.url), 'utf8'),
);
const PRODUCTION_CODE = ['server/src/**/*.ts', 'client/src/**/*.{ts,tsx}', 'shared/src/**/*.ts'];
const TESTS = ['**/*.test.ts', '**/*.test.tsx'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      '**/.stryker-tmp/**',
      'server/reports/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['client/tsconfig.json', 'server/tsconfig.json', 'shared/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // Style rule 2: no import cycles, and imports flow one way.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './shared',
              from: ['./server', './client'],
              message: 'shared/ depends on neither side',
            },
            { target: './server', from: './client', message: 'the server never imports client code' },
            { target: './client', from: './server', message: 'the client never imports server code' },
            // Server: providers and the db know nothing of modules or HTTP routes.
            {
              target: './server/src/providers',
              from: './server/src/modules',
              message: 'providers do not depend on modules',
            },
            {
              target: './server/src/db',
              from: ['./server/src/modules', './server/src/http'],
              message: 'db does not depend on modules',
            },
            // Client: lib/components → features → app; features never import each other's internals.
            {
              target: './client/src/lib',
              from: ['./client/src/features', './client/src/app'],
              message: 'lib is the bottom layer',
            },
            {
              target: './client/src/components',
              from: ['./client/src/features', './client/src/app'],
              message: 'components are shared UI',
            },
            {
              target: './client/src/features',
              from: './client/src/app',
              message: 'features do not import app',
            },
            ...featureZones,
          ],
        },
      ],
    },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['**/*.test.ts', '**/test/**', 'e2e/**', 'scripts/**', 'server/bench/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: PRODUCTION_CODE,
    ignores: [...TESTS, ...sizeExceptions.longFiles],
    rules: { 'max-lines': ['error', 300] },
  },
  {
    files: PRODUCTION_CODE,
    ignores: [...TESTS, ...sizeExceptions.longFunctions],
    rules: { 'max-lines-per-function': ['error', 80] },
  },
);
