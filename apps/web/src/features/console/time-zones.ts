const FALLBACK = [
  'UTC',
  'Europe/London',
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Tokyo',
  'Australia/Sydney',
];

/** The zones this browser knows, with `current` always among them. */
export function timeZones(current: string): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: string) => string[] };
  const known = intl.supportedValuesOf?.('timeZone') ?? FALLBACK;
  const zones = known.includes('UTC') ? known : ['UTC', ...known];
  return zones.includes(current) ? zones : [current, ...zones];
}
