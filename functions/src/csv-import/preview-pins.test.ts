// The CSV import's preview pin across the two SDKs: the browser hashes what it read with the web
// SDK, the server checks the hash against what it reads with the Admin SDK. A document holding a
// timestamp finer than a millisecond (Firestore keeps microseconds) was refused as 'changed since
// the preview' on every import, because the two SDKs' `toMillis` differ below the millisecond.
import { describe, expect, it } from 'vitest';
import { Timestamp as WebTimestamp } from 'firebase/firestore';
import { Timestamp as AdminTimestamp } from 'firebase-admin/firestore';
import { fieldHashes, mergeDiff, movedFieldsSince } from '@console/shared';

describe('preview pins read by the web SDK, checked with the Admin SDK', () => {
  it('sees no move in a document whose timestamps carry microseconds', () => {
    const seenInBrowser = fieldHashes({ title: 'Em JSON', schedule: { at: new WebTimestamp(1_700_000_000, 123_456_000), note: 'µs' } });
    const storedOnServer = { title: 'Em JSON', schedule: { at: new AdminTimestamp(1_700_000_000, 123_456_000), note: 'µs' } };
    expect(movedFieldsSince(seenInBrowser, storedOnServer)).toEqual([]);
  });

  it('still sees a timestamp moved by a microsecond, and a date equal to a whole-millisecond timestamp', () => {
    const seen = fieldHashes({ at: new WebTimestamp(1_700_000_000, 123_456_000) });
    expect(movedFieldsSince(seen, { at: new AdminTimestamp(1_700_000_000, 123_457_000) })).toEqual(['at']);
    const stored = { at: new WebTimestamp(1_700_000_000, 123_000_000) };
    expect(mergeDiff(stored, { at: new Date(1_700_000_000_123) })).toEqual([]);
    // A date from a file cannot carry the microseconds: importing it would change the stored value.
    expect(mergeDiff({ at: new WebTimestamp(1_700_000_000, 123_456_000) }, { at: new Date(1_700_000_000_123) })).toHaveLength(1);
  });

  it('compares instants before 1970 the same way', () => {
    const at = new Date(-1_500);
    expect(mergeDiff({ at: WebTimestamp.fromDate(at) }, { at })).toEqual([]);
    expect(movedFieldsSince(fieldHashes({ at: WebTimestamp.fromDate(at) }), { at: AdminTimestamp.fromDate(at) })).toEqual([]);
  });
});
