/** Moved to lib: the guided first run shows Santa's number too. */
export * from '@/lib/queries/hotline-number';
