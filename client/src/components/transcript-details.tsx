/** A call's transcript, folded until the parent opens it (dashboard and call history). */
export function TranscriptDetails({ label, transcript }: { label: string; transcript: string }) {
  return (
    <details className="mt-3">
      <summary className="flex min-h-tap cursor-pointer items-center rounded font-semibold text-santa-700 hover:text-santa-800">
        {label}
      </summary>
      <p className="mt-2 max-h-64 overflow-y-auto rounded-xl bg-snow p-3 text-sm whitespace-pre-wrap text-gray-800">
        {transcript}
      </p>
    </details>
  );
}
