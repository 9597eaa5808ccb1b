import { describe, expect, it } from 'vitest';
import { failureMessage } from './api-error';

describe('failureMessage', () => {
  it("is the server's {error} when the answer has one", () => {
    expect(failureMessage(502, JSON.stringify({ error: 'Bling: erro no servidor (HTTP 503)' }))).toBe('Bling: erro no servidor (HTTP 503)');
  });

  it("is 'HTTP error! status: N' when the body is not JSON or names no error", () => {
    expect(failureMessage(503, '<html>Service Unavailable</html>')).toBe('HTTP error! status: 503');
    expect(failureMessage(500, '')).toBe('HTTP error! status: 500');
    expect(failureMessage(404, JSON.stringify({ message: 'x' }))).toBe('HTTP error! status: 404');
    expect(failureMessage(400, JSON.stringify({ error: '  ' }))).toBe('HTTP error! status: 400');
  });
});
