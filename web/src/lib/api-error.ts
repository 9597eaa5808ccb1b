/**
 * Errors and URLs of the console's API calls, apart from the Firebase client so they are testable
 * and usable without it. A failure's message is the server's `{error}`, or 'HTTP error! status: N'
 * when the answer carries none (document 1 §8).
 */
export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

/** The message of a failed answer: its JSON `{error}` when it has one, else the HTTP status. */
export function failureMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed?.error === 'string' && parsed.error.trim()) return parsed.error;
  } catch {
    // Not JSON (a proxy's page, an empty body): the status is all there is.
  }
  return `HTTP error! status: ${status}`;
}
