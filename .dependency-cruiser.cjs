/**
 * The server's layering, checked on every import including type-only ones (which the ESLint
 * no-cycle rule cannot see): run by `npm run lint`. docs/architecture.md draws the same picture.
 */
const SERVER = '^server/src/';
const TEST = '\\.test\\.ts$';
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import circle, type-only imports included.',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'only-the-composition-root-knows-the-app',
      severity: 'error',
      comment:
        'app.ts, services.ts, background-jobs.ts and main.ts wire modules together; no module may know them.',
      from: { path: `${SERVER}(modules|providers|http|db|metrics|sandbox|doctor|jobs)/`, pathNot: TEST },
      to: { path: `${SERVER}((app|services|main|background-jobs)\\.ts$|composition/)` },
    },
    {
      name: 'providers-speak-no-http',
      severity: 'error',
      comment: 'Providers wrap outside services; pages and routes for the sandboxes live in sandbox/.',
      from: { path: `${SERVER}providers/`, pathNot: TEST },
      to: { path: `${SERVER}(http|modules|sandbox|jobs)/` },
    },
    {
      name: 'db-is-the-bottom',
      severity: 'error',
      comment: 'The database layer knows nothing above it.',
      from: { path: `${SERVER}db/`, pathNot: TEST },
      to: { path: `${SERVER}(http|modules|providers|sandbox|jobs|metrics)/` },
    },
    {
      name: 'http-is-below-modules',
      severity: 'error',
      comment: 'Cross-cutting HTTP pieces (errors, CSRF, logging) are used by modules, never the reverse.',
      from: { path: `${SERVER}http/`, pathNot: TEST },
      to: { path: `${SERVER}(modules|sandbox|jobs|providers)/` },
    },
    {
      name: 'modules-do-not-run-the-queue',
      severity: 'error',
      comment:
        'Modules send jobs through the JobSender they are given (jobs/queues.ts names them); the queue itself is wiring.',
      from: { path: `${SERVER}modules/`, pathNot: TEST },
      to: { path: `${SERVER}jobs/`, pathNot: `${SERVER}jobs/queues\\.ts$` },
    },
    {
      name: 'the-queue-knows-no-business-rules',
      severity: 'error',
      comment: 'jobs/ is the queue and its names; the workers are wired beside the composition root.',
      from: { path: `${SERVER}jobs/`, pathNot: TEST },
      to: { path: `${SERVER}modules/` },
    },
    {
      name: 'vendor-sdks-only-in-providers',
      severity: 'error',
      comment: 'Twilio, Stripe, ElevenLabs, OpenAI and S3 are reached only through providers/.',
      from: { path: SERVER, pathNot: `^server/src/providers/|${TEST}` },
      to: { path: 'node_modules/(twilio|stripe|openai|@elevenlabs|@aws-sdk)/' },
    },
    {
      name: 'tests-stay-out-of-production-code',
      severity: 'error',
      from: { path: SERVER, pathNot: TEST },
      to: { path: `^server/test/|${TEST}` },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default'],
    },
  },
};
