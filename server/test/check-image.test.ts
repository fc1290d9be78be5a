// scripts/check-image.mjs checks the Docker image without Docker; `npm test` runs all of it after the
// build. Here: its Dockerfile parsing and its check that every COPY source is in the build context.
// (The root vitest config runs only the workspaces' tests, so this lives in the server's.)
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

interface Instruction {
  line: number;
  keyword: string;
  args: string;
  from?: string;
  sources?: string[];
  dest?: string;
  command?: { exec: boolean; argv: string[] };
}
interface CheckImage {
  parseDockerfile(text: string): {
    stages: { name?: string; image: string; line: number; instructions: Instruction[] }[];
  };
  checkCopySources(dockerfilePath: string, contextDir?: string): string[];
}

const REPO = fileURLToPath(new URL('../..', import.meta.url));
// A .mjs without type declarations: imported by a computed URL, typed by the interface above.
const scriptUrl = new URL('../../scripts/check-image.mjs', import.meta.url).href;
const { parseDockerfile, checkCopySources } = (await import(scriptUrl)) as CheckImage;

let context: string | undefined;
afterEach(() => {
  if (context) rmSync(context, { recursive: true, force: true });
  context = undefined;
});

/** A build context with these files (path → content), each folder made as needed. */
function buildContext(files: Record<string, string>): string {
  context = mkdtempSync(path.join(tmpdir(), 'check-image-test-'));
  for (const [file, content] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(context, file)), { recursive: true });
    writeFileSync(path.join(context, file), content);
  }
  return context;
}

describe('check-image: COPY sources', () => {
  it("passes on the repository's Dockerfile", () => {
    expect(checkCopySources(path.join(REPO, 'Dockerfile'), REPO)).toEqual([]);
  });

  it('names a missing source and its Dockerfile line', () => {
    const dir = buildContext({
      'package.json': '{}',
      Dockerfile: [
        'FROM node:20-bookworm-slim',
        'WORKDIR /app',
        'COPY package.json ./',
        '# the phone script moved',
        'COPY server/src/providers/voice/sandbox-phone/phone-app.js \\',
        '     server/src/providers/voice/sandbox-phone/',
        'CMD ["node", "server/dist/main.js"]',
      ].join('\n'),
    });
    const problems = checkCopySources(path.join(dir, 'Dockerfile'), dir);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /Dockerfile:5: COPY source "server\/src\/providers\/voice\/sandbox-phone\/phone-app\.js" does not exist/,
    );
  });

  it('counts a source the .dockerignore leaves out as missing, and a glob that matches nothing', () => {
    const dir = buildContext({
      '.dockerignore': '**/dist\n.env\n',
      '.env': 'SECRET=1',
      'server/dist/main.js': '',
      'migrations/0001_accounts.sql': '',
      Dockerfile: [
        'FROM node:20 AS build',
        'COPY .env ./',
        'FROM node:20',
        'COPY server/dist server/dist',
        'COPY migrations/*.sql migrations/',
        'COPY migrations/*.md migrations/',
        'COPY --from=build /app/server/dist server/dist',
      ].join('\n'),
    });
    expect(checkCopySources(path.join(dir, 'Dockerfile'), dir)).toEqual([
      expect.stringMatching(
        /Dockerfile:2: COPY source "\.env" is excluded .* by \.dockerignore pattern "\.env"/,
      ),
      expect.stringMatching(/Dockerfile:4: COPY source "server\/dist" is excluded .* pattern "\*\*\/dist"/),
      expect.stringMatching(/Dockerfile:6: COPY source "migrations\/\*\.md" matches no file/),
    ]);
  });

  it('lets a !pattern bring a file back into the context', () => {
    const dir = buildContext({
      '.dockerignore': 'docs\n!docs/keep.md\n',
      'docs/keep.md': '',
      'docs/other.md': '',
      Dockerfile: 'FROM node:20\nCOPY docs/keep.md docs/*.md ./docs/\nCOPY docs/other.md ./\n',
    });
    expect(checkCopySources(path.join(dir, 'Dockerfile'), dir)).toEqual([
      expect.stringMatching(/Dockerfile:3: COPY source "docs\/other\.md" is excluded .* pattern "docs"/),
    ]);
  });
});

describe('check-image: Dockerfile parsing', () => {
  it("reads the repository's stages, copies and command", () => {
    const { stages } = parseDockerfile(readFileSync(path.join(REPO, 'Dockerfile'), 'utf8'));
    expect(stages.map((stage) => stage.name)).toEqual(['build', undefined]);
    const final = stages.at(-1)!;
    const fromBuild = final.instructions.filter((instruction) => instruction.from === 'build');
    expect(fromBuild.map((instruction) => instruction.sources)).toEqual([
      ['/app/server/dist'],
      ['/app/client/dist'],
    ]);
    expect(final.instructions.find((instruction) => instruction.keyword === 'CMD')?.command).toEqual({
      exec: true,
      argv: ['node', 'server/dist/main.js'],
    });
  });

  it('joins continued lines, skips comments inside them and keeps the first line number', () => {
    const { stages } = parseDockerfile(
      [
        '# syntax=docker/dockerfile:1',
        'FROM node:20 AS base',
        'ENV A=1 B="two words"',
        'COPY --chown=node:node a \\',
        '  # a comment in the middle',
        '  b /dest/',
        'RUN echo hi',
      ].join('\n'),
    );
    const [env, copy, run] = stages[0]!.instructions;
    expect(env).toMatchObject({ line: 3, keyword: 'ENV' });
    expect(copy).toMatchObject({ line: 4, keyword: 'COPY', sources: ['a', 'b'], dest: '/dest/' });
    expect(run).toMatchObject({ line: 7, command: { exec: false, argv: ['/bin/sh', '-c', 'echo hi'] } });
  });
});
