import type { Child } from '@santa/shared/children';

/** "Whose calls": every child's, or one child's. */
export function ChildFilter({
  family,
  value,
  onChange,
}: {
  family: Child[];
  value: string;
  onChange: (childId: string) => void;
}) {
  return (
    <div className="flex items-center gap-2">
      <label htmlFor="call-history-child" className="font-semibold text-ink">
        Whose calls
      </label>
      <select
        id="call-history-child"
        className="min-h-11 rounded-xl border border-gray-300 bg-white px-3 text-ink"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">All children</option>
        {family.map((child) => (
          <option key={child.id} value={child.id}>
            {child.kid_name}
          </option>
        ))}
      </select>
    </div>
  );
}
