export const FIRST_RUN_STEPS = [
  'Your child',
  "Santa's style",
  'What Santa should know',
  'Here or by phone',
  'Call Santa',
] as const;

/** "Step 2 of 5" with every step named, the current one marked for sight and for screen readers. */
export function ProgressSteps({ current }: { current: number }) {
  return (
    <nav aria-label="Setup progress" className="flex flex-col gap-3">
      <p className="text-sm font-semibold text-gray-700">
        Step {current + 1} of {FIRST_RUN_STEPS.length}
      </p>
      <ol className="grid grid-cols-5 gap-1.5">
        {FIRST_RUN_STEPS.map((name, index) => (
          <li
            key={name}
            aria-current={index === current ? 'step' : undefined}
            className="flex flex-col gap-1.5"
          >
            <span
              aria-hidden="true"
              className={`h-2 rounded-full ${index <= current ? 'bg-santa-600' : 'bg-gray-200'}`}
            />
            <span
              className={`hidden text-xs sm:block ${index === current ? 'font-bold text-ink' : 'text-gray-600'}`}
            >
              <span className="sr-only">
                {index < current ? 'Done: ' : index === current ? 'Current: ' : ''}
              </span>
              {name}
            </span>
          </li>
        ))}
      </ol>
    </nav>
  );
}
