import { describe, expect, it } from 'vitest';
import { applyEventFlag, campaignOutcomeReport, campaignReport } from './report.js';

describe('recipient flags', () => {
  it('only move forward, whatever the order of events', () => {
    let flags = applyEventFlag({}, 'open');
    flags = applyEventFlag(flags, 'delivered');
    flags = applyEventFlag(flags, 'processed');
    flags = applyEventFlag(flags, 'deferred');
    expect(flags).toEqual({ opened: true, delivered: true, accepted: true });
    expect(applyEventFlag(flags, 'open')).toBe(flags);
  });
});

describe('campaignReport', () => {
  it('counts recipients per flag, rates over delivered, sorted lists', () => {
    const report = campaignReport([
      { email: 'b@x.com', flags: { accepted: true, delivered: true, opened: true, clicked: true } },
      { email: 'a@x.com', flags: { accepted: true, delivered: true, opened: true } },
      { email: 'c@x.com', flags: { accepted: true, delivered: true } },
      { email: 'd@x.com', flags: { accepted: true, delivered: true } },
      { email: 'e@x.com', flags: { accepted: true, bounced: true } },
      { email: 'f@x.com', flags: { dropped: true } },
    ]);
    expect(report).toMatchObject({ delivered: 4, bounce: 1, dropped: 1, open: 2, open_rate: 0.5, click: 1, click_rate: 0.25 });
    expect(report.opened_emails).toEqual(['a@x.com', 'b@x.com']);
    expect(report.processed_emails).toHaveLength(5);
    expect(campaignReport([]).open_rate).toBe(0);
  });
});

describe('campaignOutcomeReport: one report for both channels', () => {
  const send = { status: 'finished', total: 6, sent: 5, failed: 1, optedOut: 0, unknown: 0, leftOut: { 'no-address': 1 } };
  it('counts recipients per stage, failures at send and at delivery with their reasons, and the unconfirmed rest', () => {
    const report = campaignOutcomeReport(
      'whatsapp',
      send,
      ['WhatsApp: número inválido (131026).'],
      [
        { flags: { accepted: true, delivered: true, opened: true } },
        { flags: { accepted: true, delivered: true } },
        { flags: { accepted: true, failed: true }, failureReason: 'Message undeliverable', failureCode: 131026 },
        { flags: { accepted: true } },
      ],
    );
    expect(report).toMatchObject({ channel: 'whatsapp', status: 'finished', total: 6, sent: 5, failed: 2, unconfirmed: 2, leftOut: { 'no-address': 1 } });
    expect(report.stages).toEqual({ accepted: 4, delivered: 2, opened: 1, clicked: 0, bounced: 0, dropped: 0, failed: 1 });
    expect(report.reasons).toEqual([
      { reason: 'WhatsApp: número inválido (131026).', count: 1 },
      { reason: 'Entrega: Message undeliverable (131026)', count: 1 },
    ]);
  });

  it('an e-mail bounce or drop is a delivery failure in Portuguese; nothing sent is not-sent', () => {
    const report = campaignOutcomeReport('email', { ...send, failed: 0 }, [], [{ flags: { accepted: true, bounced: true } }, { flags: { dropped: true } }]);
    expect(report.failed).toBe(2);
    expect(report.reasons.map((r) => r.reason).sort()).toEqual([
      'Entrega: descartado pelo SendGrid',
      'Entrega: devolvido pelo servidor do destinatário (bounce)',
    ]);
    expect(campaignOutcomeReport('email', null, [], [])).toMatchObject({ status: 'not-sent', sent: 0, stages: { delivered: 0 } });
  });
});
