import { describe, expect, it } from 'vitest';
import { unexpectedErrorIn } from './stack.mjs';

describe('unexpectedErrorIn (why firebase-tools exited, from its debug log)', () => {
  it('gives the last stack trace’s message and top frame', () => {
    const log = [
      '[debug] [2026-11-27T17:20:04.100Z] ----------------------------------------------------------------------',
      '[debug] [2026-11-27T17:20:04.120Z] TypeError: first problem',
      '    at one (/x/a.js:1:1)',
      '[info] i  emulators: Starting emulators',
      '[debug] [2026-11-27T17:20:08.010Z] Error: EADDRINUSE: address already in use 127.0.0.1:8100',
      '    at Server.setupListenHandle (node:net:1908:16)',
      '    at listenInCluster (node:net:1965:12)',
      '[error] Error: An unexpected error has occurred.',
    ].join('\n');
    expect(unexpectedErrorIn(log)).toBe('Error: EADDRINUSE: address already in use 127.0.0.1:8100 at Server.setupListenHandle (node:net:1908:16)');
  });

  it('is empty for a log without a stack trace', () => {
    expect(unexpectedErrorIn('[info] i  emulators: Shutting down emulators.\n')).toBe('');
  });
});
