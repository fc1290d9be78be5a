import { RETENTION_TABLE } from '@santa/shared/retention';

/** How long each kind of family data is kept: the published defaults (shared/src/retention.ts). */
export function RetentionTable() {
  return (
    <div className="overflow-hidden rounded-2xl border border-santa-100 bg-white shadow-sm">
      <table className="w-full text-left text-sm sm:text-base">
        <caption className="sr-only">How long we keep your family&apos;s data</caption>
        <thead className="bg-santa-50 text-santa-800">
          <tr>
            <th scope="col" className="px-4 py-3 font-semibold">
              What
            </th>
            <th scope="col" className="px-4 py-3 font-semibold">
              How long we keep it
            </th>
          </tr>
        </thead>
        <tbody>
          {RETENTION_TABLE.map((rule) => (
            <tr key={rule.key} className="border-t border-santa-100 align-top">
              <td className="px-4 py-3 text-ink">{rule.what}</td>
              <td className="px-4 py-3 text-gray-700">{rule.howLong}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
