/** The parent's agreement to the privacy notice, worded the same wherever it is asked. */
export function ConsentCheckbox({
  checked,
  onChange,
  name,
}: {
  checked: boolean;
  onChange: (checked: boolean) => void;
  name?: string;
}) {
  return (
    <label className="flex min-h-tap items-start gap-3 text-ink">
      <input
        type="checkbox"
        name={name}
        className="mt-1 h-5 w-5 accent-santa-600"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span>
        I am this child&apos;s parent or guardian, I have read the privacy notice, and I agree to my
        child&apos;s calls being recorded and processed as it describes.
      </span>
    </label>
  );
}
