/** Dates and times as members read them, in their own locale. */

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
});

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateFormat.format(date);
}

export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : dateTimeFormat.format(date);
}

function zoneFormat(timeZone: string): Intl.DateTimeFormat {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
}

/** An event's time where it happens, with the zone's short name ("Tue, 10 Mar 2026, 19:00 GMT"). */
export function formatInZone(iso: string, timeZone: string): string {
  try {
    return zoneFormat(timeZone).format(new Date(iso));
  } catch {
    return formatDateTime(iso);
  }
}

/** Start to end in one zone, without repeating the day when it is the same ("…, 7:00 – 9:00 PM GMT"). */
export function formatRangeInZone(
  startIso: string,
  endIso: string | null,
  timeZone: string,
): string {
  if (!endIso) return formatInZone(startIso, timeZone);
  try {
    return zoneFormat(timeZone).formatRange(new Date(startIso), new Date(endIso));
  } catch {
    return `${formatInZone(startIso, timeZone)} – ${formatInZone(endIso, timeZone)}`;
  }
}

/** The viewer's own time zone, or UTC when the browser will not say. */
export function viewerTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** 'YYYY-MM-DDTHH:mm' of an instant in a zone: what a datetime-local field shows. */
export function localInputValue(iso: string, timeZone: string): string {
  const parts: Record<string, string> = {};
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  });
  for (const part of format.formatToParts(new Date(iso))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** "Firefox on macOS"-ish from a user agent, for the sessions list. */
export function describeUserAgent(userAgent: string | null): string {
  if (!userAgent) return 'Unknown device';
  const browser = /Edg\//.test(userAgent)
    ? 'Edge'
    : /Firefox\//.test(userAgent)
      ? 'Firefox'
      : /Chrome\//.test(userAgent)
        ? 'Chrome'
        : /Safari\//.test(userAgent)
          ? 'Safari'
          : 'A browser';
  const system = /iPhone|iPad/.test(userAgent)
    ? 'iOS'
    : /Android/.test(userAgent)
      ? 'Android'
      : /Mac OS X/.test(userAgent)
        ? 'macOS'
        : /Windows/.test(userAgent)
          ? 'Windows'
          : /Linux/.test(userAgent)
            ? 'Linux'
            : 'an unknown system';
  return `${browser} on ${system}`;
}

export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`;
}
