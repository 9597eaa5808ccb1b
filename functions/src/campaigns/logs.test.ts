import { afterAll, expect, it, vi } from 'vitest';
import { logger } from 'firebase-functions';
import { campaignSendPaused, sendgridBatchRefused } from './logs.js';

// What the logs print, as firebase-functions' logger is handed it (every entry goes through its
// `write`). Spying on `write` holds however the test files share a worker: the logger keeps the
// console functions it found when it first loaded, so replacing the console works only for a file
// that loads it first.
const printed: string[] = [];
const write = vi.spyOn(logger, 'write').mockImplementation((entry) => void printed.push(JSON.stringify(entry)));
afterAll(() => write.mockRestore());

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
