import { logger } from 'firebase-functions';

/**
 * The one way the functions log. Each feature has a `logs.ts` with one named function per event
 * (firebase/extensions' pattern), built on `logEvent` here: every entry is structured (Cloud
 * Logging's jsonPayload: `severity`, `message` and the event's fields) and passes through
 * `maskCredentials` first, so a token an upstream echoes in an error, an Authorization header or a
 * signed URL never reaches the logs, whoever wrote the call.
 */

export type Severity = 'DEBUG' | 'INFO' | 'WARNING' | 'ERROR';
export type LogFields = Record<string, unknown>;

const MASK = '***';

/** Field names whose value is a credential, whatever it looks like. */
const SECRET_FIELD = /authori[sz]ation|cookie|token|secret|passw|senha|api[_-]?key|private[_-]?key|signature|assinatura|credential/i;

/** Text rules, in order; each keeps what names the credential and masks the credential itself. */
const TEXT_RULES: ReadonlyArray<readonly [RegExp, string]> = [
  // user:password@ in a URL (a key given as the user name too).
  [/([a-z][\w+.-]*:\/\/)[^\s/?#@"'<>]+@/gi, `$1${MASK}@`],
  // Every query value: signed download URLs, ?token=, ?key=, webhook signatures.
  [/([?&][^\s=&#?"'<>]+=)[^\s&#"'<>]+/g, `$1${MASK}`],
  // Authorization schemes: "Bearer abc", "Basic dXNlcjpwYXNz".
  [/((?:Bearer|Basic|Digest)\s+)[\w.~+/=-]+/gi, `$1${MASK}`],
  // name = value, name: value, "name":"value" for credential-like names.
  [
    /((?:authori[sz]ation|cookie|token|secret|passw(?:or)?d|senha|api[_-]?key|private[_-]?key|signature|assinatura|credentials?)["']?\s*[=:]\s*["']?)(?!\*\*\*)[^\s"'&,;}]+/gi,
    `$1${MASK}`,
  ],
  // Credentials recognisable by their shape alone: JWTs (ID tokens), SendGrid, OpenAI and Google keys.
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, MASK],
  [/\bSG\.[\w-]{8,}\.[\w-]{8,}/g, MASK],
  [/\bsk-[\w-]{12,}/g, MASK],
  [/\bya29\.[\w.-]+/g, MASK],
  [/\bAIza[\w-]{20,}/g, MASK],
];

/** Masks credentials in a text (an error message, an upstream's answer, a URL). */
export function maskCredentials(text: string): string {
  let masked = text;
  for (const [pattern, replacement] of TEXT_RULES) masked = masked.replace(pattern, replacement);
  return masked;
}

/** An error as one line: `Name: message` (masked like everything logged). */
export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/** Masks a log entry's fields: strings by their text, credential-named fields whole, nested values too. */
export function maskFields(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return maskCredentials(value);
  if (value instanceof Error) return maskCredentials(errorText(value));
  if (value === null || typeof value !== 'object') return value;
  if (depth >= 6) return '[…]';
  if (Array.isArray(value)) return value.map((item) => maskFields(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [key, SECRET_FIELD.test(key) && item != null && item !== '' ? MASK : maskFields(item, depth + 1)]),
  );
}

/** Writes one structured entry; the base of every feature's named logs. */
export function logEvent(severity: Severity, message: string, fields: LogFields = {}): void {
  logger.write({ ...(maskFields(fields) as LogFields), severity, message: maskCredentials(message) });
}

// The router's own event: an endpoint failed with an error that is not an ApiError (a bug or an
// outage), answered 500.
export function apiRequestFailed(method: string, path: string, error: unknown): void {
  logEvent('ERROR', 'api request failed', { method, path, error: errorText(error) });
}
