/** Moved to lib: the guided first run claims the sample too. */
export * from '@/lib/queries/activate-sample-call';
