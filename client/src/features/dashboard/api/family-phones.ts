/** Moved to lib: the guided first run verifies the parent's phone too. */
export * from '@/lib/queries/family-phones';
