import { Timestamp } from 'firebase/firestore';

/**
 * Dates are stored as Firestore Timestamps and edited in the browser's local time (the operators
 * are in Brazil). Old or imported data may hold other shapes, all read here.
 */
export function toDate(value: unknown): Date | null {
  if (value === null || value === undefined || value === '') return null;
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value;
  if (typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (typeof v.toDate === 'function') return (v.toDate as () => Date).call(value);
    if (typeof v.seconds === 'number') return new Date(v.seconds * 1000 + (Number(v.nanoseconds) || 0) / 1e6);
    if (typeof v.timestamp === 'string') return toDate(v.timestamp);
  }
  if (typeof value === 'string' || typeof value === 'number') {
    const d = new Date(value);
    return Number.isNaN(d.getTime()) ? null : d;
  }
  return null;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** YYYY-MM-DD, local time, for <input type="date">. */
export function toDateInputValue(value: unknown): string {
  const d = toDate(value);
  return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
}

/** YYYY-MM-DDTHH:mm, local time, for <input type="datetime-local">. */
export function toDatetimeInputValue(value: unknown): string {
  const d = toDate(value);
  return d ? `${toDateInputValue(d)}T${pad(d.getHours())}:${pad(d.getMinutes())}` : '';
}

/** The Timestamp of a date input (local midnight), or null when cleared or invalid. */
export function fromDateInputValue(text: string): Timestamp | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return null;
  const d = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(d.getTime()) ? null : Timestamp.fromDate(d);
}

/** The Timestamp of a datetime-local input, or null when cleared or invalid. */
export function fromDatetimeInputValue(text: string): Timestamp | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s ?? 0));
  return Number.isNaN(date.getTime()) ? null : Timestamp.fromDate(date);
}
