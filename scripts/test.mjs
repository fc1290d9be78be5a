#!/usr/bin/env node
// `npm test`: typecheck, lint, format, unit + API tests on PGlite, the same API tests on Postgres,
// then the Playwright journeys against the built app. Ends with one line "N passed, M failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import { basename } from 'node:path';
import { stripVTControlCharacters } from 'node:util';

const isCi = process.env.CI === 'true' || process.env.CI === '1';
const postgresUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const reports = 'test-results/reports';
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });

let passed = 0;
let failed = 0;
const summary = [];
// CI keeps only the end of the output: the names of failed tests are repeated beside the summary.
const failures = [];

function run(label, command, args, env = {}) {
  console.log(`\n━━ ${label} ━━`);
  const started = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  return { ok: result.status === 0, seconds };
}

/** A check without test cases (typecheck, lint, build) counts as one test. */
function check(label, command, args) {
  const { ok, seconds } = run(label, command, args);
  if (ok) passed++;
  else failed++;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label} (${seconds}s)`);
  return ok;
}

function vitest(label, file, env) {
  const { ok, seconds } = run(
    label,
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${file}`],
    env,
  );
  const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  const p = report?.numPassedTests ?? 0;
  // A crash with no report still counts as a failure.
  const f = report ? report.numFailedTests + (ok ? 0 : report.numFailedTests === 0 ? 1 : 0) : 1;
  passed += p;
  failed += f;
  summary.push(`${ok ? 'ok  ' : 'FAIL'} ${label}: ${p} passed, ${f} failed (${seconds}s)`);
  for (const suite of report?.testResults ?? []) {
    for (const test of suite.assertionResults ?? []) {
      if (test.status !== 'failed') continue;
      const reason = (test.failureMessages?.[0] ?? '').split('\n')[0].slice(0, 200);
      failures.push(
        `${label}: ${suite.name.replace(`${process.cwd()}/`, '')} › ${test.fullName}\n    ${reason}`,
      );
    }
  }
}

/**
 * The Playwright tests that ended other than expected, from its JSON report: each with the first
 * line of every try's error and the line it stopped at.
 */
function unexpectedPlaywrightTests(suites, path = []) {
  return suites.flatMap((suite) => [
    ...(suite.specs ?? [])
      .filter((spec) => spec.tests.some((test) => test.status === 'unexpected'))
      .map((spec) =>
        [
          [...path, suite.title, `${spec.title} (line ${spec.line})`].join(' › '),
          ...spec.tests.flatMap((test) => test.results.map(playwrightReason)),
        ].join('\n    '),
      ),
    ...unexpectedPlaywrightTests(suite.suites ?? [], [...path, suite.title]),
  ]);
}

function playwrightReason(result, attempt) {
  const error = result.error ?? result.errors?.[0];
  // Playwright colours its messages; the first line says what was expected.
  const message = firstLine(error?.message ?? result.status);
  // A test that ran out of time has no place of its own: the step it was waiting on is named by
  // a further error, with what it was waiting for.
  const step = error?.location ? error : result.errors?.find((e) => e.location);
  const where = step ? ` at ${basename(step.location.file)}:${step.location.line}` : '';
  const waiting = step && step !== error ? waitingFor(step.message) : '';
  return `try ${attempt + 1}: ${message}${where}${waiting ? ` (${waiting})` : ''}`;
}

function firstLine(text) {
  return stripVTControlCharacters(text).split('\n')[0].slice(0, 200);
}

function waitingFor(text) {
  const line = stripVTControlCharacters(text)
    .split('\n')
    .find((l) => l.trim().startsWith('- waiting for'));
  return line ? line.trim().slice(2, 200) : firstLine(text);
}

function canConnect(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect({ host: hostname, port: Number(port || 5432) });
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
}

check('typecheck', 'npm', ['run', '--silent', 'typecheck']);
check('lint', 'npx', ['eslint', '.', '--max-warnings=0']);
check('format', 'npx', ['prettier', '--check', '.']);
check('layers', 'npx', [
  'depcruise',
  'server/src',
  'server/test',
  'server/bench',
  '--config',
  '.dependency-cruiser.cjs',
]);
vitest('unit and API tests on PGlite', `${reports}/vitest-pglite.json`, { TEST_DATABASE_URL: '' });

if (await canConnect(postgresUrl)) {
  vitest('API tests on Postgres', `${reports}/vitest-postgres.json`, {
    TEST_DATABASE_URL: postgresUrl,
    VITEST_SERVER_ONLY: '1',
  });
} else if (isCi) {
  failed++;
  summary.push(`FAIL API tests on Postgres: nothing answers at ${postgresUrl}`);
} else {
  summary.push(`skip API tests on Postgres: nothing answers at ${postgresUrl} (set TEST_DATABASE_URL)`);
}

if (check('build', 'npm', ['run', '--silent', 'build'])) {
  // No Docker here: lays out the image's final stage from the outputs just built and starts it.
  check('Docker image', 'node', ['scripts/check-image.mjs', '--reuse-build']);
  if (existsSync(chromium)) {
    const file = `${reports}/playwright.json`;
    const { ok, seconds } = run('Playwright end-to-end in Chromium', 'npx', ['playwright', 'test'], {
      PLAYWRIGHT_JSON_OUTPUT_NAME: file,
      CHROMIUM_PATH: chromium,
    });
    const report = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
    const stats = report?.stats;
    for (const title of unexpectedPlaywrightTests(report?.suites ?? [])) {
      failures.push(`Playwright: ${title}`);
    }
    const p = (stats?.expected ?? 0) + (stats?.flaky ?? 0);
    const f = stats ? stats.unexpected + (ok || stats.unexpected > 0 ? 0 : 1) : 1;
    passed += p;
    failed += f;
    summary.push(`${ok ? 'ok  ' : 'FAIL'} Playwright: ${p} passed, ${f} failed (${seconds}s)`);
  } else if (isCi) {
    failed++;
    summary.push(`FAIL Playwright: no Chromium at ${chromium}`);
  } else {
    summary.push(`skip Playwright: no Chromium at ${chromium} (apt-get install chromium)`);
  }
}

if (failures.length > 0) console.log(`\n━━ failed tests ━━\n${failures.join('\n')}`);
console.log(`\n━━ summary ━━\n${summary.join('\n')}\n`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
