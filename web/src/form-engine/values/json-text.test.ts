import { Timestamp } from 'firebase/firestore';
import { describe, expect, it } from 'vitest';
import { jsonEditText, parseJsonEdit, reviveTimestamps } from './json-text';

describe('json component text', () => {
  it('shows text as stored and other values as indented JSON', () => {
    expect(jsonEditText('{"a":1}')).toBe('{"a":1}');
    expect(jsonEditText({ a: [1, 2] })).toBe('{\n  "a": [\n    1,\n    2\n  ]\n}');
    expect(jsonEditText(undefined)).toBe('');
    expect(jsonEditText(new Date('2026-01-02T03:04:05.000Z'))).toBe('{\n  "timestamp": "2026-01-02T03:04:05.000Z"\n}');
  });

  it('refuses invalid JSON with "JSON inválido: ..." (the caller keeps the stored value)', () => {
    const edit = parseJsonEdit('{"name": ', { name: 'x' });
    expect(edit.ok).toBe(false);
    expect(!edit.ok && edit.message).toMatch(/^JSON inválido: .+/);
    expect(parseJsonEdit('{a:1}', '{"a":1}').ok).toBe(false);
  });

  it('keeps a value stored as JSON text as text, exactly as typed', () => {
    expect(parseJsonEdit('{ "name": "oferta" }', '{}')).toEqual({ ok: true, value: '{ "name": "oferta" }' });
    expect(parseJsonEdit('  ', '{"a":1}')).toEqual({ ok: true, value: '' });
  });

  it('stores other values parsed, an empty text as null', () => {
    expect(parseJsonEdit('{"a":[1,true,null]}', { a: 1 })).toEqual({ ok: true, value: { a: [1, true, null] } });
    expect(parseJsonEdit('', { a: 1 })).toEqual({ ok: true, value: null });
    expect(parseJsonEdit('42', undefined)).toEqual({ ok: true, value: 42 });
  });

  it('reads { timestamp: ISO } back as a timestamp, and only that exact shape', () => {
    const value = reviveTimestamps({ at: { timestamp: '2026-05-01T12:00:00.000Z' }, other: { timestamp: 'x', y: 1 } }) as Record<string, unknown>;
    expect((value.at as Timestamp).toDate()).toEqual(new Date('2026-05-01T12:00:00.000Z'));
    expect(value.other).toEqual({ timestamp: 'x', y: 1 });
    expect(reviveTimestamps([{ timestamp: 'not a date' }])).toEqual([{ timestamp: 'not a date' }]);
  });
});
