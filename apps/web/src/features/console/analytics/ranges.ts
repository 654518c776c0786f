/**
 * The dashboard's ranges (issue 25): the last 24 hours, 7 days, 30 days, 12 months, or the owner's
 * own days, all in the site's time zone, as the traffic query takes them (days YYYY-MM-DD or
 * hours YYYY-MM-DDTHH, both ends included).
 */
import { instantToLocal, periodCount, shiftPeriod } from '@quillpost/domain';

export const RANGE_PRESETS = [
  { id: '24h', label: '24 hours' },
  { id: '7d', label: '7 days' },
  { id: '30d', label: '30 days' },
  { id: '12m', label: '12 months' },
] as const;
export type RangePreset = (typeof RANGE_PRESETS)[number]['id'];

export interface Range {
  from: string;
  to: string;
  /** How the chart groups it: hours for a day, months for a year, else days. */
  step: 'hour' | 'day' | 'month';
}

export function presetRange(preset: RangePreset, timeZone: string, now = Date.now()): Range {
  const local = instantToLocal(now, timeZone);
  const today = local.slice(0, 10);
  switch (preset) {
    case '24h': {
      const hour = local.slice(0, 13);
      return { from: shiftPeriod(hour, -23), to: hour, step: 'hour' };
    }
    case '7d':
      return { from: shiftPeriod(today, -6), to: today, step: 'day' };
    case '30d':
      return { from: shiftPeriod(today, -29), to: today, step: 'day' };
    case '12m': {
      // From the first of the month eleven months back: twelve whole months with this one.
      const month = Number(today.slice(5, 7)) + 12 * Number(today.slice(0, 4)) - 11;
      const year = Math.floor((month - 1) / 12);
      const from = `${year}-${String(month - 12 * year).padStart(2, '0')}-01`;
      return { from, to: today, step: 'month' };
    }
  }
}

/** Days picked by the owner; months on the chart once they span more than three. */
export function customRange(from: string, to: string): Range {
  return { from, to, step: periodCount(from, to) > 93 ? 'month' : 'day' };
}

/** Every period of the range in order, so quiet hours, days and months show as zero. */
export function periodsOf(range: Range): string[] {
  const periods: string[] = [];
  if (range.step === 'hour') {
    for (let at = range.from; at <= range.to; at = shiftPeriod(at, 1)) periods.push(at);
  } else {
    for (let at = range.from; at <= range.to; at = shiftPeriod(at, 1)) {
      const period = range.step === 'month' ? at.slice(0, 7) : at;
      if (periods.at(-1) !== period) periods.push(period);
    }
  }
  return periods;
}
