export function PageSpinner() {
  return (
    <div className="flex min-h-screen items-center justify-center" role="status" aria-live="polite">
      <span className="h-10 w-10 animate-spin rounded-full border-4 border-santa-100 border-t-santa-600" />
      <span className="sr-only">Loading…</span>
    </div>
  );
}
