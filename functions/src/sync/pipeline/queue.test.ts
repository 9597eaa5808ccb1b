import { describe, expect, it } from 'vitest';
import { matchWorkerUrl } from '@console/shared';
import { defaultBatch, isPermanentFailure, normaliseQueuedUrl, syncTaskId } from './queue.js';

const isWorkerUrl = (url: string) => matchWorkerUrl(url) !== null;
const check = (raw: string, origin: string | null = 'https://console.loja.test') => normaliseQueuedUrl(raw, { project: 'main', origin, isWorkerUrl });

describe('queued URLs', () => {
  it('puts a worker URL in canonical form: sorted query, project set', () => {
    expect(check('/api/bling/bigquery/produtos?id=10437899')).toEqual({ ok: true, url: '/api/bling/bigquery/produtos?id=10437899&project=main' });
    expect(check('https://console.loja.test/api/bling/bigquery/produtos?project=main&id=1')).toEqual(check('/api/bling/bigquery/produtos?id=1'));
  });

  it('refuses other hosts, other paths and other projects', () => {
    expect(check('https://evil.test/api/bling/bigquery/produtos?id=1')).toMatchObject({ ok: false, reason: 'URL de outro servidor' });
    expect(check('https://console.loja.test/api/bling/x', null)).toMatchObject({ ok: false });
    expect(check('/api/console/me')).toMatchObject({ ok: false, reason: 'não é uma tarefa de sincronização' });
    expect(check('/api/bling/bigquery/produtos?id=1&project=cookstore')).toMatchObject({ ok: false, reason: expect.stringMatching(/outro projeto/) });
    expect(check('/api/bling/bigquery/produtos?project=main&project=cookstore')).toMatchObject({ ok: false });
  });

  it('gives the same work the same task id, and another batch another id', () => {
    const url = '/api/bling/bigquery/produtos?id=1&project=main';
    expect(syncTaskId('main', url, 'b1')).toBe(syncTaskId('main', url, 'b1'));
    expect(syncTaskId('main', url, 'b1')).not.toBe(syncTaskId('main', url, 'b2'));
    expect(syncTaskId('main', url, 'b1')).not.toBe(syncTaskId('cookstore', url, 'b1'));
    expect(syncTaskId('main', url, 'b1')).toMatch(/^[0-9a-f]{40}$/);
    expect(defaultBatch(new Date('2026-11-22T23:59:00Z'))).toBe('2026-11-22');
  });

  it('retries only what may change by retrying', () => {
    expect([400, 403, 404, 422].map(isPermanentFailure)).toEqual([true, true, true, true]);
    expect([408, 429, 500, 502, 503, 504].map(isPermanentFailure)).toEqual([false, false, false, false, false, false]);
  });
});
