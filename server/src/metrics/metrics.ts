import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Where the gauges read their values when Prometheus scrapes. */
export interface MetricSources {
  callsInProgress(): Promise<number>;
  jobQueueDepth(): Promise<Record<string, number>>;
  /** Phone codes sent in the last 24 hours, and the cap on them (PHONE_CODES_PER_DAY). */
  phoneCodes(): Promise<{ sentToday: number; dailyCap: number }>;
  /** Recap emails this process made, by how: filled into a template, a new shape's, or whole. */
  recapRenders(): Readonly<Record<string, number>>;
  /** Statements this process sent to its database so far. */
  statementsSent(): number;
}

/**
 * What an operator watches on Christmas Eve, in Prometheus' format: webhook latency, calls in
 * progress, outside services failing, background work piling up, and the process itself.
 * One registry per app, so tests can build several.
 */
export function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  const webhookSeconds = new Histogram({
    name: 'santa_webhook_duration_seconds',
    help: 'Time to answer a provider webhook (Twilio, ElevenLabs, Stripe)',
    labelNames: ['route', 'status'] as const,
    // Twilio gives up at 15 s; the inbound webhook aims for well under a second.
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
    registers: [registry],
  });
  const providerErrors = new Counter({
    name: 'santa_provider_errors_total',
    help: 'Calls to an outside service that failed',
    labelNames: ['provider', 'operation'] as const,
    registers: [registry],
  });
  let sources: MetricSources | undefined;
  registerReadMetrics(registry, () => sources);

  return {
    registry,
    /** Set once the database and the job queue exist. */
    readFrom(metricSources: MetricSources): void {
      sources = metricSources;
    },
    observeWebhook(route: string, status: number, seconds: number): void {
      webhookSeconds.observe({ route, status: String(status) }, seconds);
    },
    providerError(provider: string, operation: string): void {
      providerErrors.inc({ provider, operation });
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** The gauges and counters read from the app's parts when Prometheus scrapes. */
function registerReadMetrics(registry: Registry, sourcesOf: () => MetricSources | undefined): void {
  new Gauge({
    name: 'santa_calls_in_progress',
    help: 'Calls holding minutes right now (open reservations)',
    registers: [registry],
    async collect() {
      const sources = sourcesOf();
      if (sources) this.set(await sources.callsInProgress());
    },
  });
  new Gauge({
    name: 'santa_job_queue_depth',
    help: 'Background jobs waiting or running, per queue',
    labelNames: ['queue'] as const,
    registers: [registry],
    async collect() {
      const sources = sourcesOf();
      if (!sources) return;
      for (const [queue, depth] of Object.entries(await sources.jobQueueDepth())) this.set({ queue }, depth);
    },
  });

  // An alert on sent / cap (say at 0.8) warns before codes stop for everyone (SMS pumping).
  new Gauge({
    name: 'santa_phone_codes_sent_today',
    help: 'Phone codes sent in the last 24 hours, against santa_phone_codes_daily_cap',
    registers: [registry],
    async collect() {
      const sources = sourcesOf();
      if (sources) this.set((await sources.phoneCodes()).sentToday);
    },
  });
  new Gauge({
    name: 'santa_phone_codes_daily_cap',
    help: 'Phone codes allowed in 24 hours (PHONE_CODES_PER_DAY)',
    registers: [registry],
    async collect() {
      const sources = sourcesOf();
      if (sources) this.set((await sources.phoneCodes()).dailyCap);
    },
  });

  // Statements per second over webhooks per second is what each call costs the database; a change
  // that raises it shows here before Postgres runs out of CPU.
  new Counter({
    name: 'santa_db_statements_total',
    help: 'Statements sent to the database (BEGIN and COMMIT count; a script sent as one query counts once)',
    registers: [registry],
    collect() {
      const sources = sourcesOf();
      if (!sources) return;
      this.reset();
      this.inc(sources.statementsSent());
    },
  });

  // A falling share of `template` means real recaps vary more than the kept shapes cover, and each
  // costs a whole render again (docs/decisions/0051).
  new Counter({
    name: 'santa_recap_emails_rendered_total',
    help: 'Recap emails rendered, by way: template (a shape seen before), new_shape, whole',
    labelNames: ['way'] as const,
    registers: [registry],
    collect() {
      const sources = sourcesOf();
      if (!sources) return;
      this.reset();
      for (const [way, count] of Object.entries(sources.recapRenders())) this.inc({ way }, count);
    },
  });
}
