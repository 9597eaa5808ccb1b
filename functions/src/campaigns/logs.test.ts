import { expect, it, vi } from 'vitest';

// firebase-functions' logger keeps the console's functions it found when it loaded: replace them
// before it loads (vi.hoisted runs ahead of the imports) to read the lines it prints.
const printed = vi.hoisted(() => {
  const lines: string[] = [];
  for (const level of ['debug', 'info', 'log', 'warn', 'error'] as const) console[level] = (line: unknown) => void lines.push(String(line));
  return lines;
});

import { campaignSendPaused, sendgridBatchRefused } from './logs.js';

it('a named campaign event prints its structured entry', () => {
  campaignSendPaused('main', 'promo-1', 'SendGrid recusou 20 envios seguidos');
  expect(printed.map((line) => JSON.parse(line) as unknown)).toEqual([
    { severity: 'WARNING', message: 'campaign send paused', project: 'main', id: 'promo-1', reason: 'SendGrid recusou 20 envios seguidos' },
  ]);
});

it("a provider's answer is logged with its credentials masked", () => {
  sendgridBatchRefused('main', 'send-1', 401, { errors: [{ message: 'bad key SG.abcdefghijkl.mnopqrstuvwxyz0123', field: 'Authorization: Bearer xyz987' }] });
  const entry = JSON.parse(printed.at(-1)!) as Record<string, unknown>;
  expect(entry).toEqual({
    severity: 'WARNING',
    message: 'sendgrid refused a batch',
    project: 'main',
    sendId: 'send-1',
    status: 401,
    detail: { errors: [{ message: 'bad key ***', field: 'Authorization: *** ***' }] },
  });
});
