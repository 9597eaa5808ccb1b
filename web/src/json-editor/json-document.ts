/**
 * A Firestore document as the JSON editor shows it, and back (spec document 1 §5 'JSON editor'):
 * timestamps are `{"timestamp": "<ISO>"}`, with nanoseconds kept when a timestamp has them so a
 * round trip changes nothing. Framework-free apart from the SDK's Timestamp class.
 */
import { Timestamp } from 'firebase/firestore';
import { isPlainObject } from '@console/shared';

/** The document holds something JSON cannot carry (shown as 'Erro ao converter os dados para JSON: …'). */
export class JsonConversionError extends Error {}
/** The text is not a document (shown as 'JSON inválido: …'). */
export class InvalidJsonError extends Error {}

type Path = readonly (string | number)[];

function pathText(path: Path): string {
  return path.length === 0
    ? 'documento'
    : path
        .map((step) => (typeof step === 'number' ? `[${step}]` : step))
        .join('.')
        .replace(/\.\[/g, '[');
}

/**
 * ISO 8601 in UTC with milliseconds; a timestamp finer than that (Firestore keeps microseconds)
 * gets six or nine fraction digits, so nothing is lost.
 */
export function timestampToIso(value: Timestamp): string {
  const iso = new Date(value.seconds * 1000 + Math.floor(value.nanoseconds / 1e6)).toISOString();
  if (value.nanoseconds % 1e6 === 0) return iso;
  const fraction = String(value.nanoseconds).padStart(9, '0');
  return `${iso.slice(0, -4)}${value.nanoseconds % 1e3 === 0 ? fraction.slice(0, 6) : fraction}Z`;
}

const ISO_WITH_FRACTION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/;

/** The Timestamp of an ISO string (any fraction up to nanoseconds); null when it is no date. */
export function isoToTimestamp(text: string): Timestamp | null {
  const match = ISO_WITH_FRACTION.exec(text);
  if (match) {
    const wholeSeconds = Date.parse(`${match[1]}${match[3]}`);
    if (Number.isNaN(wholeSeconds)) return null;
    return new Timestamp(wholeSeconds / 1000, Number((match[2] ?? '').padEnd(9, '0')));
  }
  const ms = Date.parse(text);
  return Number.isNaN(ms) ? null : Timestamp.fromMillis(ms);
}

function toJsonValue(value: unknown, path: Path): unknown {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new JsonConversionError(`o número em ${pathText(path)} não cabe em JSON (${value})`);
    return value;
  }
  if (value instanceof Timestamp) return { timestamp: timestampToIso(value) };
  if (value instanceof Date) return { timestamp: timestampToIso(Timestamp.fromDate(value)) };
  if (Array.isArray(value)) return value.map((item, i) => toJsonValue(item, [...path, i]));
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [key, item] of Object.entries(value)) {
      if (item !== undefined) out[key] = toJsonValue(item, [...path, key]);
    }
    return out;
  }
  const kind = typeof value === 'object' ? (value.constructor?.name ?? 'objeto') : typeof value;
  throw new JsonConversionError(`valor do tipo ${kind} em ${pathText(path)} não tem forma em JSON`);
}

/** The document as a JSON value (timestamps as `{ timestamp: ISO }`), e.g. to send to the API. */
export function documentToJsonValue(data: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return toJsonValue(data, []) as Record<string, unknown>;
}

/** The document as indented JSON text. Throws JsonConversionError. */
export function documentToJson(data: Readonly<Record<string, unknown>>): string {
  return JSON.stringify(toJsonValue(data, []), null, 2);
}

function isTimestampObject(value: Record<string, unknown>): value is { timestamp: string } {
  const keys = Object.keys(value);
  return keys.length === 1 && keys[0] === 'timestamp' && typeof value.timestamp === 'string';
}

function fromJsonValue(value: unknown, path: Path): unknown {
  if (Array.isArray(value)) return value.map((item, i) => fromJsonValue(item, [...path, i]));
  if (value === null || typeof value !== 'object') return value;
  const object = value as Record<string, unknown>;
  if (isTimestampObject(object)) {
    const timestamp = isoToTimestamp(object.timestamp);
    if (!timestamp) throw new InvalidJsonError(`data inválida em ${pathText([...path, 'timestamp'])}: "${object.timestamp}"`);
    return timestamp;
  }
  return Object.fromEntries(Object.entries(object).map(([key, item]) => [key, fromJsonValue(item, [...path, key])]));
}

/** The document data of the editor's text, timestamps revived. Throws InvalidJsonError. */
export function jsonToDocument(text: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new InvalidJsonError(error instanceof Error ? error.message : String(error));
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new InvalidJsonError('o documento deve ser um objeto { … }');
  }
  return fromJsonValue(parsed, []) as Record<string, unknown>;
}
