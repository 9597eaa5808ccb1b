import { describe, expect, it } from 'vitest';
import { applyEventFlag, campaignReport } from './report.js';

describe('recipient flags', () => {
  it('only move forward, whatever the order of events', () => {
    let flags = applyEventFlag({}, 'open');
    flags = applyEventFlag(flags, 'delivered');
    flags = applyEventFlag(flags, 'processed');
    flags = applyEventFlag(flags, 'deferred');
    expect(flags).toEqual({ opened: true, delivered: true, processed: true });
    expect(applyEventFlag(flags, 'open')).toBe(flags);
  });
});

describe('campaignReport', () => {
  it('counts recipients per flag, rates over delivered, sorted lists', () => {
    const report = campaignReport([
      { email: 'b@x.com', flags: { processed: true, delivered: true, opened: true, clicked: true } },
      { email: 'a@x.com', flags: { processed: true, delivered: true, opened: true } },
      { email: 'c@x.com', flags: { processed: true, delivered: true } },
      { email: 'd@x.com', flags: { processed: true, delivered: true } },
      { email: 'e@x.com', flags: { processed: true, bounced: true } },
      { email: 'f@x.com', flags: { dropped: true } },
    ]);
    expect(report).toMatchObject({ delivered: 4, bounce: 1, dropped: 1, open: 2, open_rate: 0.5, click: 1, click_rate: 0.25 });
    expect(report.opened_emails).toEqual(['a@x.com', 'b@x.com']);
    expect(report.processed_emails).toHaveLength(5);
    expect(campaignReport([]).open_rate).toBe(0);
  });
});
