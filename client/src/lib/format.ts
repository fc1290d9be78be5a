/**
 * Display formatting shared by the dashboard and calls screens. Fixed to en-US because every
 * string around these values is English.
 */

/** "+1 555 0100" for the fictional 7-digit sandbox numbers, "+1 (415) 555-2671" for real NANP ones. */
export function formatPhoneNumber(value: string): string {
  const digits = value.replace(/\D/g, '');
  if (!value.trim().startsWith('+') && digits.length === 10) {
    return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
  }
  if (digits.startsWith('1')) {
    const national = digits.slice(1);
    if (national.length === 10) {
      return `+1 (${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`;
    }
    if (national.length === 7) return `+1 ${national.slice(0, 3)} ${national.slice(3)}`;
  }
  return value;
}

/** The dialable form for a `tel:` link: digits with a leading plus when there was one. */
export function telHref(value: string): string {
  const digits = value.replace(/\D/g, '');
  return `tel:${value.trim().startsWith('+') ? '+' : ''}${digits}`;
}

/** "Monday, December 1, 2025 at 6:30 PM". */
export function formatLongDateTime(iso: string): string {
  const date = new Date(iso);
  const day = date.toLocaleDateString('en-US', {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });
  const time = date.toLocaleTimeString('en-US', { hour: 'numeric', minute: '2-digit' });
  return `${day} at ${time}`;
}

/** "Dec 1, 2025, 6:30 PM". */
export function formatShortDateTime(iso: string): string {
  return new Date(iso).toLocaleString('en-US', {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  });
}

/** "2m 5s"; null when there is no duration to show. */
export function formatMinutesSeconds(totalSeconds: number): string | null {
  if (!(totalSeconds > 0)) return null;
  const minutes = Math.floor(totalSeconds / 60);
  const seconds = Math.round(totalSeconds % 60);
  return `${minutes}m ${seconds}s`;
}

export function capitalize(value: string): string {
  return value ? value[0]!.toUpperCase() + value.slice(1).replace(/_/g, ' ') : value;
}

/** "1 second", "47 seconds". */
export function formatSeconds(count: number): string {
  return `${count} ${count === 1 ? 'second' : 'seconds'}`;
}

/** "1 minute", "0 minutes", "30 minutes". */
export function formatMinutes(count: number): string {
  return `${count} ${count === 1 ? 'minute' : 'minutes'}`;
}

/** "December 1, 2025". */
export function formatLongDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });
}

/**
 * A call's length, the same on the dashboard and the calls page: "45 seconds", "2 min 5 sec";
 * "0 seconds" for a call that never connected.
 */
export function formatCallDuration(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'}`;
  const rest = seconds % 60;
  return rest === 0 ? `${seconds / 60} min` : `${Math.floor(seconds / 60)} min ${rest} sec`;
}
