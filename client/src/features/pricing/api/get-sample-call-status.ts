/** Moved to lib: the dashboard and the guided first run read it too. */
export * from '@/lib/queries/sample-call-status';
