/** The user's picture, or their initial on a coloured disc when there is none. */
export function UserAvatar({
  name,
  email,
  picture,
  size = 'md',
}: {
  name: string;
  email: string;
  picture: string | null;
  size?: 'md' | 'lg';
}) {
  const dimension = size === 'lg' ? 'h-16 w-16 text-2xl' : 'h-10 w-10 text-base';
  if (picture) {
    return (
      <img
        src={picture}
        alt=""
        referrerPolicy="no-referrer"
        className={`${dimension} shrink-0 rounded-full object-cover`}
      />
    );
  }
  const initial = (name.trim() || email).charAt(0).toUpperCase();
  return (
    <span
      aria-hidden="true"
      className={`${dimension} flex shrink-0 items-center justify-center rounded-full bg-santa-100 font-bold text-santa-700`}
    >
      {initial}
    </span>
  );
}
