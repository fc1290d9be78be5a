#!/usr/bin/env node
// Checks the Docker image without Docker (none runs here or in CI):
//
// 1. Parses the Dockerfile and fails, naming the source and its line, when a COPY/ADD source is
//    not in the build context: absent, matched by no file (globs), or excluded by .dockerignore.
// 2. Lays out in a temporary folder the files the final stage holds: its COPYs from the context
//    (filtered by .dockerignore as Docker does), its COPY --from=<stage> of build outputs, and its
//    RUN steps (`npm ci …` is run there; `mkdir` is emulated; `chown` and `npm cache clean` are
//    skipped: the first needs no emulation as we are not the image's user, the second would wipe
//    this machine's npm cache). Image paths map into the folder: /app becomes <tmp>/root/app.
//    The build stage is the repository itself: its RUN `npm run …` steps are run in the repo
//    (the stage copies the whole context and builds it with the same lockfile), or, with
//    --reuse-build (as `npm test` does, right after its build step), the outputs already built are
//    used. Its `npm ci` is the repo's node_modules.
// 3. Checks that every package the server bundle imports is installed there, then starts the
//    final stage's ENTRYPOINT/CMD with its ENV, NODE_ENV=production, sandboxes on (the documented
//    local trial: ALLOW_SANDBOX=true with a SANDBOX_PAGES_TOKEN), a free PORT and Postgres in a
//    fresh schema (PGlite in DATA_DIR when no Postgres answers), waits for GET /api/health to
//    answer 200, fetches a few files the image must serve, stops it and removes everything.
//
// Usage: node scripts/check-image.mjs [--reuse-build] [--keep] [--dockerfile=Dockerfile] [--context=.]
// (--keep leaves the temporary folder for a look; the context is the Dockerfile's folder unless given).
// Exits 0 when the image would build and start, 1 with the reason otherwise.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  copyFileSync,
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  statSync,
  symlinkSync,
} from 'node:fs';
import { createRequire, isBuiltin } from 'node:module';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const HEALTH_PATH = '/api/health';
const HEALTH_TIMEOUT_MS = 90_000;
const STOP_GRACE_MS = 12_000;
const POSTGRES_URL = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';

/** Files the started image must serve besides its health check (what a missing COPY would break). */
function smokeRequests(token) {
  return [
    { path: '/', expect: 'the client (client/dist)', contentType: /text\/html/ },
    {
      path: '/sandbox/phone/app.js',
      headers: { 'x-sandbox-token': token },
      expect: "the phone simulator's script (server/src/sandbox/phone/phone-app.js)",
      contentType: /javascript/,
    },
  ];
}

export class ImageCheckError extends Error {}

// ── Dockerfile ──────────────────────────────────────────────────────────────────────────────────

/**
 * Parses a Dockerfile into stages of instructions. Each instruction keeps its 1-based line (where it
 * starts), its keyword, its raw arguments and, for the ones the check uses, their parsed form.
 */
export function parseDockerfile(text) {
  const lines = text.split(/\r?\n/);
  let escape = '\\';
  // Parser directives (# syntax=…, # escape=…) come first, before any comment or instruction.
  for (const line of lines) {
    const directive = /^#\s*([a-zA-Z]+)\s*=\s*(\S+)\s*$/.exec(line);
    if (!directive) break;
    if (directive[1].toLowerCase() === 'escape') escape = directive[2];
  }
  const logical = [];
  let current;
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const trimmed = raw.trim();
    // Comment and empty lines are dropped, also in the middle of a continued instruction.
    if (trimmed.startsWith('#') || (current && trimmed === '')) continue;
    if (!current) {
      if (trimmed === '') continue;
      current = { line: i + 1, text: '' };
    }
    const body = raw.replace(/\s+$/, '');
    if (body.endsWith(escape)) {
      current.text += `${body.slice(0, -escape.length)} `;
      continue;
    }
    current.text += body;
    logical.push(current);
    current = undefined;
  }
  if (current) logical.push(current);

  const stages = [];
  const args = {};
  for (const { line, text: full } of logical) {
    const match = /^\s*(\S+)\s*([\s\S]*)$/.exec(full);
    const keyword = match[1].toUpperCase();
    const rest = match[2].trim();
    if (/<<-?["']?[A-Za-z_]/.test(rest) && ['RUN', 'COPY', 'ADD'].includes(keyword)) {
      throw new ImageCheckError(`Dockerfile:${line}: heredocs (<<EOF) are not supported by check-image`);
    }
    if (keyword === 'ARG' && stages.length === 0) {
      for (const [name, value] of parseAssignments(rest, {})) args[name] = value;
      continue;
    }
    if (keyword === 'FROM') {
      const words = rest.split(/\s+/).filter((word) => !word.startsWith('--'));
      const as = words.findIndex((word) => word.toUpperCase() === 'AS');
      stages.push({
        index: stages.length,
        line,
        image: substitute(words[0] ?? '', args),
        name: as >= 0 ? words[as + 1]?.toLowerCase() : undefined,
        instructions: [],
      });
      continue;
    }
    if (stages.length === 0) throw new ImageCheckError(`Dockerfile:${line}: ${keyword} before any FROM`);
    const instruction = { line, keyword, args: rest };
    if (keyword === 'COPY' || keyword === 'ADD') Object.assign(instruction, parseCopy(rest, line, keyword));
    if (['RUN', 'CMD', 'ENTRYPOINT'].includes(keyword)) instruction.command = parseCommand(rest);
    stages.at(-1).instructions.push(instruction);
  }
  if (stages.length === 0) throw new ImageCheckError('Dockerfile: no FROM instruction');
  return { stages, args };
}

function parseCopy(rest, line, keyword) {
  const flags = {};
  let remaining = rest;
  for (;;) {
    const flag = /^--([a-z-]+)(?:=(\S*))?\s*/.exec(remaining);
    if (!flag) break;
    flags[flag[1]] = flag[2] ?? true;
    remaining = remaining.slice(flag[0].length);
  }
  const paths = remaining.startsWith('[') ? parseJsonArray(remaining, line) : remaining.split(/\s+/);
  if (paths.length < 2 || paths.some((p) => p === '')) {
    throw new ImageCheckError(`Dockerfile:${line}: ${keyword} needs at least one source and a destination`);
  }
  return { from: flags.from, flags, sources: paths.slice(0, -1), dest: paths.at(-1) };
}

function parseJsonArray(text, line) {
  try {
    const value = JSON.parse(text);
    if (Array.isArray(value) && value.every((item) => typeof item === 'string')) return value;
  } catch {
    // Falls through to the error below.
  }
  throw new ImageCheckError(`Dockerfile:${line}: not a JSON array of strings: ${text}`);
}

/** Exec form (a JSON array) as is; shell form as /bin/sh -c. */
function parseCommand(rest) {
  if (rest.startsWith('[')) {
    try {
      const value = JSON.parse(rest);
      if (Array.isArray(value)) return { exec: true, argv: value };
    } catch {
      // Docker runs an invalid JSON array in shell form too.
    }
  }
  return { exec: false, argv: ['/bin/sh', '-c', rest], shell: rest };
}

/** `ENV A=1 B="two words"`, `ENV A value` (legacy) and `ARG A=1`. */
function parseAssignments(rest, env) {
  const pairs = [];
  if (!/^[A-Za-z_][A-Za-z0-9_]*=/.test(rest)) {
    const [name, ...value] = rest.split(/\s+/);
    if (name) pairs.push([name, value.length > 0 ? substitute(value.join(' '), env) : undefined]);
    return pairs;
  }
  const pattern = /([A-Za-z_][A-Za-z0-9_]*)=("(?:[^"\\]|\\.)*"|'[^']*'|(?:[^\s"'\\]|\\.)*)\s*/gy;
  let match;
  while ((match = pattern.exec(rest)) && match[0] !== '') {
    let value = match[2];
    if (value.startsWith('"')) value = value.slice(1, -1).replace(/\\(.)/g, '$1');
    else if (value.startsWith("'")) value = value.slice(1, -1);
    else value = value.replace(/\\(.)/g, '$1');
    pairs.push([match[1], substitute(value, { ...env, ...Object.fromEntries(pairs) })]);
  }
  return pairs;
}

/** $VAR, ${VAR}, ${VAR:-default} and ${VAR:+alternative}, as in the Dockerfile. */
function substitute(text, env) {
  return text.replace(
    /\$(?:\{([A-Za-z_][A-Za-z0-9_]*)(?::([-+])([^}]*))?\}|([A-Za-z_][A-Za-z0-9_]*))/g,
    (_, braced, op, word, bare) => {
      const value = env[braced ?? bare];
      if (op === '-') return value ? value : word;
      if (op === '+') return value ? word : '';
      return value ?? '';
    },
  );
}

// ── .dockerignore and globs ─────────────────────────────────────────────────────────────────────

/** Go's filepath.Match syntax plus `**` (any number of folders), as Docker's patternmatcher reads it. */
export function globToRegExp(pattern) {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === '*') {
      if (pattern[i + 1] === '*') {
        i++;
        if (pattern[i + 1] === '/') {
          i++;
          source += '(?:.*/)?';
        } else source += '.*';
      } else source += '[^/]*';
    } else if (c === '?') source += '[^/]';
    else if (c === '[') {
      const end = pattern.indexOf(']', i + 2);
      if (end < 0) source += '\\[';
      else {
        let body = pattern.slice(i + 1, end);
        if (body.startsWith('!') || body.startsWith('^')) body = `^${body.slice(1)}`;
        source += `[${body.replace(/\\(?!.)/g, '\\\\')}]`;
        i = end;
      }
    } else if (c === '\\' && i + 1 < pattern.length) {
      i++;
      source += pattern[i].replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
    } else source += c.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

const hasGlob = (value) => /[*?[]/.test(value);

/** Cleans a context-relative path as Docker does: no leading / or ./, no trailing /. */
function cleanPath(value) {
  const normal = path.posix.normalize(value.replace(/^\/+/, ''));
  return normal === './' ? '.' : normal.replace(/\/+$/, '') || '.';
}

export function parseDockerignore(text) {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const exclusion = line.startsWith('!');
      const text = cleanPath(exclusion ? line.slice(1).trim() : line);
      return { text, exclusion, regexp: globToRegExp(text) };
    });
}

/**
 * The pattern that leaves `rel` (context-relative, with /) out of the context, if one does: the last
 * pattern matching it or a folder above it decides, as in Docker's MatchesOrParentMatches.
 */
export function ignoredBy(rel, patterns) {
  if (rel === '.') return undefined;
  const parents = rel.split('/').slice(0, -1);
  let decidedBy;
  for (const pattern of patterns) {
    if (pattern.exclusion !== Boolean(decidedBy)) continue;
    let match = pattern.regexp.test(rel);
    for (let i = 1; !match && i <= parents.length; i++) {
      match = pattern.regexp.test(parents.slice(0, i).join('/'));
    }
    if (match) decidedBy = pattern.exclusion ? undefined : pattern;
  }
  return decidedBy;
}

/** The ignore file Docker reads: <Dockerfile>.dockerignore beside it first, then <context>/.dockerignore. */
export function readDockerignore(dockerfilePath, contextDir) {
  for (const file of [`${dockerfilePath}.dockerignore`, path.join(contextDir, '.dockerignore')]) {
    if (existsSync(file)) return parseDockerignore(readFileSync(file, 'utf8'));
  }
  return [];
}

/** Every file, link and folder under `rel` that is in the build context, context-relative. */
function walkContext(contextDir, patterns, rel = '.') {
  const found = [];
  const exceptions = patterns.filter((pattern) => pattern.exclusion);
  const visit = (dirRel) => {
    const abs = path.join(contextDir, dirRel);
    for (const entry of readdirSync(abs, { withFileTypes: true })) {
      const childRel = dirRel === '.' ? entry.name : `${dirRel}/${entry.name}`;
      const ignored = ignoredBy(childRel, patterns);
      if (entry.isDirectory()) {
        // A folder left out is walked only if an exception (!pattern) may bring back something in it.
        const mayReinclude = exceptions.some(
          (pattern) => hasGlob(pattern.text.split('/')[0]) || pattern.text.startsWith(`${childRel}/`),
        );
        if (ignored && !mayReinclude) continue;
        if (!ignored) found.push({ rel: childRel, type: 'dir' });
        visit(childRel);
      } else if (!ignored) found.push({ rel: childRel, type: entry.isSymbolicLink() ? 'link' : 'file' });
    }
  };
  visit(rel);
  return found;
}

/** The context paths a COPY source names: itself, or what its glob matches. Empty when none. */
function resolveContextSource(contextDir, patterns, source) {
  const rel = cleanPath(source);
  if (rel === '..' || rel.startsWith('../')) return { rel, matches: [], outside: true };
  if (!hasGlob(rel)) {
    const abs = path.join(contextDir, rel);
    if (!existsSync(abs)) return { rel, matches: [] };
    const ignored = ignoredBy(rel, patterns);
    if (ignored) return { rel, matches: [], ignoredBy: ignored };
    return { rel, matches: [{ rel, type: statSync(abs).isDirectory() ? 'dir' : 'file' }] };
  }
  const regexp = globToRegExp(rel);
  const matches = walkContext(contextDir, patterns).filter((entry) => regexp.test(entry.rel));
  // A match inside a matched folder comes with the folder.
  return {
    rel,
    matches: matches.filter((entry) => !matches.some((other) => entry.rel.startsWith(`${other.rel}/`))),
  };
}

/**
 * The COPY/ADD sources of `dockerfilePath` that the build context (`contextDir`, filtered by the
 * .dockerignore) does not hold, each as "Dockerfile:<line>: …". Empty when the image would find
 * them all. Also names a COPY of several sources into a destination that is not a folder.
 */
export function checkCopySources(dockerfilePath, contextDir = path.dirname(dockerfilePath)) {
  const { stages } = parseDockerfile(readFileSync(dockerfilePath, 'utf8'));
  const patterns = readDockerignore(dockerfilePath, contextDir);
  const relative = path.relative(process.cwd(), dockerfilePath);
  const name = relative && !relative.startsWith('..') ? relative : dockerfilePath;
  const problems = [];
  for (const stage of stages) {
    for (const instruction of stage.instructions) {
      if (!instruction.sources || instruction.from !== undefined) continue;
      const where = `${name}:${instruction.line}: ${instruction.keyword}`;
      let many = instruction.sources.length > 1;
      for (const source of instruction.sources) {
        if (instruction.keyword === 'ADD' && /^(https?:\/\/|git@)/.test(source)) continue;
        const resolved = resolveContextSource(contextDir, patterns, source);
        if (hasGlob(resolved.rel)) many = true;
        if (resolved.outside) problems.push(`${where} source "${source}" is outside the build context`);
        else if (resolved.ignoredBy)
          problems.push(
            `${where} source "${source}" is excluded from the build context by .dockerignore pattern "${resolved.ignoredBy.text}"`,
          );
        else if (resolved.matches.length === 0)
          problems.push(
            hasGlob(resolved.rel)
              ? `${where} source "${source}" matches no file in the build context`
              : `${where} source "${source}" does not exist in the build context (${contextDir})`,
          );
      }
      if (many && !instruction.dest.endsWith('/') && instruction.dest !== '.')
        problems.push(
          `${where} copies several sources: its destination "${instruction.dest}" must end with /`,
        );
    }
  }
  return problems;
}

// ── Laying out the final stage ──────────────────────────────────────────────────────────────────

const log = (message) => console.log(`check-image: ${message}`);

function copyEntry(from, to) {
  const stat = lstatSync(from);
  if (stat.isSymbolicLink()) {
    rmSync(to, { force: true });
    mkdirSync(path.dirname(to), { recursive: true });
    symlinkSync(readlinkSync(from), to);
  } else if (stat.isDirectory()) mkdirSync(to, { recursive: true });
  else {
    mkdirSync(path.dirname(to), { recursive: true });
    copyFileSync(from, to);
  }
}

/** A whole folder (build outputs, not filtered) into `to`. */
function copyTree(from, to) {
  if (!lstatSync(from).isDirectory()) return copyEntry(from, to);
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from)) copyTree(path.join(from, entry), path.join(to, entry));
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** The environment of a child npm: ours, without what an outer `npm run` set for its own script. */
function hostEnv() {
  const kept = ['npm_config_registry', 'npm_config_cache', 'npm_config_userconfig'];
  return Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('npm_') || kept.includes(key)),
  );
}

function splitWords(command) {
  const words = [];
  const pattern = /"((?:[^"\\]|\\.)*)"|'([^']*)'|(\S+)/g;
  let match;
  while ((match = pattern.exec(command))) words.push(match[1] ?? match[2] ?? match[3]);
  return words;
}

/** A RUN's shell command as its `&&`-joined steps; anything else a shell does is not emulated. */
function runSteps(instruction) {
  const { command } = instruction;
  const text = command.exec ? command.argv.join(' ') : command.shell;
  if (/[;|`<>]|\$\(|(^|\s)(if|for|while|cd)\s/.test(text.replace(/&&/g, ''))) {
    throw new ImageCheckError(
      `Dockerfile:${instruction.line}: check-image cannot emulate RUN ${text}: it runs only steps joined by &&`,
    );
  }
  return text.split('&&').map((step) => splitWords(step.trim()));
}

/** Docker's COPY destination rules: a folder when it ends with / (or several sources), else a path. */
function destinationOf(dest, workdir, env) {
  const value = substitute(dest, env);
  const absolute = path.posix.resolve(workdir, value);
  return { absolute, isDir: value.endsWith('/') || value === '.' || value === '..' };
}

class Layout {
  constructor({ dockerfilePath, contextDir, reuseBuild }) {
    this.dockerfilePath = dockerfilePath;
    this.contextDir = contextDir;
    this.reuseBuild = reuseBuild;
    this.patterns = readDockerignore(dockerfilePath, contextDir);
    this.parsed = parseDockerfile(readFileSync(dockerfilePath, 'utf8'));
    this.tmp = mkdtempSync(path.join(tmpdir(), 'check-image-'));
    this.root = path.join(this.tmp, 'root');
    mkdirSync(this.root);
    /** Build stages already run, by index: their image paths as repo paths. */
    this.builtStages = new Map();
  }

  /** An absolute image path in the final stage, in the temporary folder. */
  local(imagePath) {
    return path.join(this.root, imagePath);
  }

  stageNamed(reference, before) {
    const stages = this.parsed.stages.slice(0, before);
    const stage = /^\d+$/.test(reference)
      ? stages[Number(reference)]
      : stages.find((candidate) => candidate.name === reference.toLowerCase());
    return stage;
  }

  /**
   * A build stage: its COPYs from the context map image paths onto the repository; its RUN steps
   * run in the repository. Returns the stage's image path → repo path resolver.
   */
  buildStage(stage) {
    if (this.builtStages.has(stage.index)) return this.builtStages.get(stage.index);
    if (this.stageNamed(stage.image, stage.index)) {
      throw new ImageCheckError(
        `Dockerfile:${stage.line}: a build stage based on another stage is not supported by check-image`,
      );
    }
    const mappings = [];
    const env = { ...this.parsed.args };
    let workdir = '/';
    const toRepo = (imagePath) => {
      for (const mapping of mappings.toReversed()) {
        if (imagePath === mapping.dest) return mapping.src;
        if (mapping.isDir && imagePath.startsWith(`${mapping.dest === '/' ? '' : mapping.dest}/`)) {
          return path.join(mapping.src, path.posix.relative(mapping.dest, imagePath));
        }
      }
      return undefined;
    };
    for (const instruction of stage.instructions) {
      const label = `Dockerfile:${instruction.line}`;
      if (instruction.keyword === 'WORKDIR')
        workdir = path.posix.resolve(workdir, substitute(instruction.args, env));
      else if (instruction.keyword === 'ENV' || instruction.keyword === 'ARG') {
        for (const [key, value] of parseAssignments(instruction.args, env))
          if (value !== undefined) env[key] = value;
      } else if (instruction.sources) {
        if (instruction.from !== undefined) {
          throw new ImageCheckError(
            `${label}: COPY --from inside a build stage is not supported by check-image`,
          );
        }
        const dest = destinationOf(instruction.dest, workdir, env);
        for (const source of instruction.sources) {
          for (const match of resolveContextSource(this.contextDir, this.patterns, substitute(source, env))
            .matches) {
            const isDir = match.type === 'dir';
            const target =
              dest.isDir && !isDir
                ? path.posix.join(dest.absolute, path.posix.basename(match.rel))
                : dest.absolute;
            mappings.push({ dest: target, src: path.join(this.contextDir, match.rel), isDir });
          }
        }
      } else if (instruction.keyword === 'RUN') {
        for (const step of runSteps(instruction)) {
          const [program, verb, ...rest] = step;
          if (program === 'npm' && ['ci', 'install', 'i'].includes(verb)) {
            log(`${label}: RUN ${step.join(' ')}: the repository's node_modules (same lockfile) stand in`);
          } else if (program === 'npm' && ['run', 'run-script'].includes(verb)) {
            const cwd = toRepo(workdir);
            if (!cwd || !existsSync(cwd)) {
              throw new ImageCheckError(
                `${label}: RUN ${step.join(' ')} runs in ${workdir}, which holds no context`,
              );
            }
            if (this.reuseBuild) {
              log(`${label}: RUN ${step.join(' ')}: reusing what it built in the repository (--reuse-build)`);
              continue;
            }
            log(`${label}: RUN ${step.join(' ')} (in ${path.relative(REPO, cwd) || 'the repository'})`);
            const started = Date.now();
            const result = spawnSync('npm', [verb, ...rest], { cwd, stdio: 'inherit', env: hostEnv() });
            if (result.status !== 0) throw new ImageCheckError(`${label}: RUN ${step.join(' ')} failed`);
            log(`  built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
          } else {
            throw new ImageCheckError(
              `${label}: check-image cannot emulate RUN ${step.join(' ')} in build stage "${stage.name ?? stage.index}"`,
            );
          }
        }
      }
    }
    this.builtStages.set(stage.index, toRepo);
    return toRepo;
  }

  /** Lays out the final stage (and the stages it is based on); returns what starting it needs. */
  layOut() {
    const stages = this.parsed.stages;
    const chain = [stages.at(-1)];
    for (let base; (base = this.stageNamed(chain[0].image, chain[0].index));) chain.unshift(base);
    const state = { env: { ...this.parsed.args }, workdir: '/', entrypoint: undefined, cmd: undefined };
    state.image = chain[0].image;
    for (const stage of chain) {
      for (const instruction of stage.instructions) this.apply(stage, instruction, state);
    }
    return state;
  }

  apply(stage, instruction, state) {
    const { env } = state;
    switch (instruction.keyword) {
      case 'WORKDIR':
        state.workdir = path.posix.resolve(state.workdir, substitute(instruction.args, env));
        mkdirSync(this.local(state.workdir), { recursive: true });
        return;
      case 'ENV':
      case 'ARG':
        for (const [key, value] of parseAssignments(instruction.args, env))
          if (value !== undefined) env[key] = value;
        return;
      case 'CMD':
        state.cmd = instruction.command;
        return;
      case 'ENTRYPOINT':
        state.entrypoint = instruction.command;
        state.cmd = undefined;
        return;
      case 'RUN':
        return this.run(instruction, state);
      case 'COPY':
      case 'ADD':
        return instruction.from === undefined
          ? this.copyFromContext(instruction, state)
          : this.copyFromStage(stage, instruction, state);
      default:
        // USER, EXPOSE, HEALTHCHECK, LABEL, VOLUME, STOPSIGNAL, SHELL, ONBUILD: nothing to lay out.
        return;
    }
  }

  copyFromContext(instruction, state) {
    const dest = destinationOf(instruction.dest, state.workdir, state.env);
    const many = instruction.sources.length > 1;
    for (const source of instruction.sources) {
      if (instruction.keyword === 'ADD' && /^(https?:\/\/|git@)/.test(source)) {
        throw new ImageCheckError(
          `Dockerfile:${instruction.line}: ADD of a URL is not supported by check-image`,
        );
      }
      const resolved = resolveContextSource(this.contextDir, this.patterns, substitute(source, state.env));
      if (resolved.matches.length === 0) {
        throw new ImageCheckError(
          `Dockerfile:${instruction.line}: ${instruction.keyword} source "${source}" is not in the build context`,
        );
      }
      for (const match of resolved.matches) {
        if (match.type === 'dir') {
          // A folder's contents go into the destination, filtered by the .dockerignore.
          const target = this.local(dest.absolute);
          mkdirSync(target, { recursive: true });
          for (const entry of walkContext(this.contextDir, this.patterns, match.rel)) {
            copyEntry(
              path.join(this.contextDir, entry.rel),
              path.join(target, path.relative(match.rel, entry.rel)),
            );
          }
        } else {
          const intoFolder =
            dest.isDir ||
            many ||
            hasGlob(resolved.rel) ||
            (existsSync(this.local(dest.absolute)) && statSync(this.local(dest.absolute)).isDirectory());
          const target = intoFolder
            ? path.join(this.local(dest.absolute), path.basename(match.rel))
            : this.local(dest.absolute);
          copyEntry(path.join(this.contextDir, match.rel), target);
        }
      }
    }
  }

  copyFromStage(stage, instruction, state) {
    const label = `Dockerfile:${instruction.line}`;
    const source = this.stageNamed(instruction.from, stage.index);
    if (!source) {
      throw new ImageCheckError(
        `${label}: COPY --from=${instruction.from} names no earlier stage (check-image cannot copy from other images)`,
      );
    }
    const toRepo = this.buildStage(source);
    const dest = destinationOf(instruction.dest, state.workdir, state.env);
    for (const imagePath of instruction.sources) {
      const absolute = path.posix.resolve('/', substitute(imagePath, state.env));
      const repoPath = toRepo(absolute);
      if (!repoPath || !existsSync(repoPath)) {
        throw new ImageCheckError(
          `${label}: COPY --from=${instruction.from} ${imagePath}: stage "${instruction.from}" holds no ${absolute}` +
            (repoPath ? ` (${path.relative(REPO, repoPath)} is missing after its build)` : ''),
        );
      }
      const isDir = statSync(repoPath).isDirectory();
      const target =
        isDir || !(dest.isDir || instruction.sources.length > 1)
          ? this.local(dest.absolute)
          : path.join(this.local(dest.absolute), path.basename(repoPath));
      copyTree(repoPath, target);
    }
  }

  run(instruction, state) {
    const label = `Dockerfile:${instruction.line}`;
    for (const step of runSteps(instruction)) {
      const [program, ...args] = step;
      const text = step.join(' ');
      if (program === 'npm' && ['ci', 'install', 'i'].includes(args[0])) {
        // --prefer-offline: packages this machine's npm cache holds are not asked for again.
        log(`${label}: RUN ${text}`);
        const started = Date.now();
        const result = spawnSync('npm', [...args, '--prefer-offline'], {
          cwd: this.local(state.workdir),
          env: { ...hostEnv(), ...this.runtimeEnv(state.env) },
          encoding: 'utf8',
        });
        if (result.status !== 0) {
          throw new ImageCheckError(`${label}: RUN ${text} failed:\n${result.stdout}${result.stderr}`);
        }
        log(`  installed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } else if (program === 'npm' && args[0] === 'cache') {
        log(
          `${label}: skipping ${text} (it would empty this machine's npm cache; in the image it only saves space)`,
        );
      } else if (program === 'mkdir') {
        for (const dir of args.filter((arg) => !arg.startsWith('-'))) {
          mkdirSync(this.local(path.posix.resolve(state.workdir, substitute(dir, state.env))), {
            recursive: true,
          });
        }
      } else if (program === 'chown' || program === 'chmod') {
        log(
          `${label}: skipping ${text} (ownership and modes are the image's; the check runs as ${process.getuid?.() === 0 ? 'root' : 'this user'})`,
        );
      } else {
        throw new ImageCheckError(
          `${label}: check-image cannot emulate RUN ${text}; teach Layout.run() in scripts/check-image.mjs`,
        );
      }
    }
  }

  /** The stage's ENV with absolute image paths (DATA_DIR=/data) moved into the temporary folder. */
  runtimeEnv(env) {
    return Object.fromEntries(
      Object.entries(env).map(([key, value]) => [
        key,
        /^\/[^\s:]*$/.test(value) && !value.startsWith('/usr') ? this.local(value) : value,
      ]),
    );
  }

  remove() {
    rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Every npm package the bundle's files import (static or dynamic), which must be installed. */
function missingPackages(distDir) {
  const files = [];
  const collect = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) collect(full);
      else if (/\.(m?js|cjs)$/.test(entry.name)) files.push(full);
    }
  };
  collect(distDir);
  const missing = new Set();
  const statics = /(?:^|[;\n])\s*(?:import|export)\s+(?:[\w$*{}\s,]+?\s+from\s+)?["']([^"'\n]+)["']/g;
  const dynamics = /\bimport\(\s*["']([^"'\n]+)["']\s*\)/g;
  for (const file of files) {
    const code = readFileSync(file, 'utf8');
    const specifiers = [...code.matchAll(statics), ...code.matchAll(dynamics)].map((m) => m[1]);
    for (const specifier of specifiers) {
      if (/^[./]/.test(specifier) || isBuiltin(specifier) || specifier.includes('://')) continue;
      const parts = specifier.split('/');
      const name = specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
      let dir = path.dirname(file);
      let found = false;
      for (;;) {
        if (existsSync(path.join(dir, 'node_modules', name, 'package.json'))) {
          found = true;
          break;
        }
        const parent = path.dirname(dir);
        if (parent === dir) break;
        dir = parent;
      }
      if (!found) missing.add(`${name} (imported by ${path.basename(file)})`);
    }
  }
  return [...missing];
}

// ── Starting it ─────────────────────────────────────────────────────────────────────────────────

/** A fresh schema in the local Postgres, or undefined (PGlite then) when none answers. */
async function freshPostgresSchema() {
  const pg = createRequire(path.join(REPO, 'server', 'package.json'))('pg');
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
  } catch (error) {
    log(`no Postgres at ${POSTGRES_URL} (${error.message}): the image's PGlite in DATA_DIR is used instead`);
    return undefined;
  }
  const schema = `check_image_${randomBytes(5).toString('hex')}`;
  const jobsSchema = `${schema}_jobs`;
  await client.query(`create schema ${schema}`);
  const url = new URL(POSTGRES_URL);
  url.searchParams.set('options', `-c search_path=${schema}`);
  return {
    url: url.toString(),
    schema,
    jobsSchema,
    async drop() {
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.query(`drop schema if exists ${jobsSchema} cascade`);
      await client.end();
    },
  };
}

/** The app process and its schema while they live, for an interrupted check to clean up. */
const running = { child: undefined, db: undefined };

function waitForExit(child, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => (clearTimeout(timer), resolve(true)));
  });
}

async function startAndProbe(layout, state) {
  const command = [...(state.entrypoint?.argv ?? []), ...(state.cmd?.argv ?? [])];
  if (command.length === 0) throw new ImageCheckError('Dockerfile: the final stage has no CMD or ENTRYPOINT');
  const nodeMajor = /^node:(\d+)/.exec(state.image)?.[1];
  if (nodeMajor && nodeMajor !== process.versions.node.split('.')[0]) {
    log(`note: the image runs Node ${nodeMajor}, this check Node ${process.versions.node}`);
  }
  const [program, ...args] = command;
  const port = await freePort();
  const token = randomBytes(18).toString('hex');
  const db = await freshPostgresSchema();
  running.db = db;
  const env = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    ...layout.runtimeEnv(state.env),
    NODE_ENV: 'production',
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    // Production refuses to start without real keys unless the sandboxes are on (config.ts), the
    // documented local trial (`ALLOW_SANDBOX=true docker compose up`), which needs this token.
    ALLOW_SANDBOX: 'true',
    SANDBOX_PAGES_TOKEN: token,
    ...(db ? { DATABASE_URL: db.url, JOB_QUEUE_SCHEMA: db.jobsSchema } : {}),
  };
  const cwd = layout.local(state.workdir);
  const argv = args.map((arg) =>
    arg.startsWith('/') && existsSync(layout.local(arg)) ? layout.local(arg) : arg,
  );
  log(
    `starting ${command.join(' ')} in ${state.workdir} (NODE_ENV=production, PORT=${port}, ${db ? `Postgres schema ${db.schema}` : 'PGlite'})`,
  );
  const child = (running.child = spawn(program === 'node' ? process.execPath : program, argv, {
    cwd,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  }));
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const tail = () => output.trim().split('\n').slice(-40).join('\n');
  const base = `http://127.0.0.1:${port}`;
  const started = Date.now();
  try {
    let healthy = false;
    let last = 'no answer';
    while (Date.now() - started < HEALTH_TIMEOUT_MS) {
      if (child.exitCode !== null || child.signalCode !== null) {
        throw new ImageCheckError(
          `the image's CMD exited (code ${child.exitCode ?? child.signalCode}) before it was healthy:\n${tail()}`,
        );
      }
      const response = await fetch(`${base}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2000) }).catch(
        () => undefined,
      );
      if (response?.status === 200) {
        healthy = true;
        break;
      }
      if (response) last = `${response.status} ${await response.text()}`;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    if (!healthy) {
      throw new ImageCheckError(
        `GET ${HEALTH_PATH} did not answer 200 within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}):\n${tail()}`,
      );
    }
    log(`GET ${HEALTH_PATH} answered 200 after ${((Date.now() - started) / 1000).toFixed(1)} s`);
    for (const request of smokeRequests(token)) {
      const response = await fetch(`${base}${request.path}`, {
        headers: request.headers,
        signal: AbortSignal.timeout(5000),
      });
      const type = response.headers.get('content-type') ?? '';
      if (response.status !== 200 || !request.contentType.test(type)) {
        throw new ImageCheckError(
          `GET ${request.path} answered ${response.status} (${type}): the image does not serve ${request.expect}:\n${(await response.text()).slice(0, 300)}\n${tail()}`,
        );
      }
      log(`GET ${request.path} answered 200 (${request.expect})`);
    }
  } finally {
    child.kill('SIGTERM');
    if (!(await waitForExit(child, STOP_GRACE_MS))) {
      log(`it did not stop within ${STOP_GRACE_MS / 1000} s of SIGTERM; killing it`);
      child.kill('SIGKILL');
      await waitForExit(child, 5000);
    }
    await db?.drop().catch((error) => log(`could not drop schema ${db.schema}: ${error.message}`));
    running.child = running.db = undefined;
  }
}

/** The whole check; throws ImageCheckError with the reason when the image would not build or start. */
export async function checkImage({
  dockerfilePath = path.join(REPO, 'Dockerfile'),
  contextDir = path.dirname(dockerfilePath),
  reuseBuild = false,
  keep = false,
} = {}) {
  const problems = checkCopySources(dockerfilePath, contextDir);
  if (problems.length > 0)
    throw new ImageCheckError(`the image cannot be built:\n  ${problems.join('\n  ')}`);
  log('every COPY source is in the build context');
  const layout = new Layout({ dockerfilePath, contextDir, reuseBuild });
  const cleanUp = () => (keep ? log(`kept ${layout.tmp}`) : layout.remove());
  // Interrupted: the app is killed, its schema dropped and the folder removed all the same.
  const interrupted = async () => {
    running.child?.kill('SIGKILL');
    await running.db?.drop().catch(() => undefined);
    cleanUp();
    process.exit(130);
  };
  process.once('SIGINT', interrupted);
  process.once('SIGTERM', interrupted);
  try {
    const state = layout.layOut();
    log(`laid out the final stage in ${layout.root}`);
    const dist = path.join(layout.local(state.workdir), 'server', 'dist');
    if (existsSync(dist)) {
      const missing = missingPackages(dist);
      if (missing.length > 0) {
        throw new ImageCheckError(
          `the image's server bundle imports packages its install leaves out:\n  ${missing.join('\n  ')}`,
        );
      }
      log('every package the server bundle imports is installed');
    }
    await startAndProbe(layout, state);
  } finally {
    process.off('SIGINT', interrupted);
    process.off('SIGTERM', interrupted);
    cleanUp();
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const options = process.argv.slice(2);
  const option = (name) => options.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
  const started = Date.now();
  try {
    await checkImage({
      dockerfilePath: option('dockerfile') && path.resolve(option('dockerfile')),
      contextDir: option('context') && path.resolve(option('context')),
      reuseBuild: options.includes('--reuse-build'),
      keep: options.includes('--keep'),
    });
    log(`the image would build and start (${((Date.now() - started) / 1000).toFixed(1)} s)`);
    process.exit(0);
  } catch (error) {
    console.error(`check-image: FAILED: ${error instanceof ImageCheckError ? error.message : error.stack}`);
    process.exit(1);
  }
}
