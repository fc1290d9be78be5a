#!/usr/bin/env node
// The size exceptions eslint.config.js reads (eslint.size-exceptions.json): the production files
// over 300 lines and the files with a function over 80 lines, as ESLint counts them. New code gets
// no exception. `--write` rewrites the list after a file was shrunk; `--check` (npm run lint)
// fails while the list names a file that no longer needs its exception, so it only gets shorter.
import { readFileSync, writeFileSync } from 'node:fs';
import { ESLint } from 'eslint';

const eslint = new ESLint({
  overrideConfigFile: true,
  overrideConfig: [
    { ignores: ['**/*.test.ts', '**/*.test.tsx', '**/dist/**'] },
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parser: (await import('typescript-eslint')).parser },
      rules: { 'max-lines': ['error', 300], 'max-lines-per-function': ['error', 80] },
    },
  ],
});
const results = await eslint.lintFiles(['server/src', 'client/src', 'shared/src']);
const relative = (path) => path.replace(`${process.cwd()}/`, '');
const withRule = (rule) =>
  results
    .filter((result) => result.messages.some((message) => message.ruleId === rule))
    .map((result) => relative(result.filePath))
    .sort();
const now = { longFiles: withRule('max-lines'), longFunctions: withRule('max-lines-per-function') };
const file = new URL('../eslint.size-exceptions.json', import.meta.url);
if (process.argv.includes('--write')) {
  writeFileSync(file, `${JSON.stringify(now, null, 2)}\n`);
} else if (process.argv.includes('--check')) {
  const listed = JSON.parse(readFileSync(file, 'utf8'));
  const stale = Object.keys(now).flatMap((kind) =>
    listed[kind].filter((path) => !now[kind].includes(path)).map((path) => `${kind}: ${path}`),
  );
  if (stale.length > 0) {
    console.error(
      `These no longer need a size exception; run node scripts/size-exceptions.mjs --write:\n${stale.join('\n')}`,
    );
    process.exit(1);
  }
} else {
  console.log(JSON.stringify(now, null, 2));
}
