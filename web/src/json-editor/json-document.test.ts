import { describe, expect, it } from 'vitest';
import { GeoPoint, Timestamp } from 'firebase/firestore';
import { documentToJson, InvalidJsonError, isoToTimestamp, JsonConversionError, jsonToDocument, timestampToIso } from './json-document';

const created = Timestamp.fromDate(new Date('2024-03-05T12:30:00.250Z'));
const precise = new Timestamp(1_700_000_000, 123_456_789);
const micro = new Timestamp(1_700_000_000, 123_456_000);

const document = {
  title: 'Sobre nós',
  order: 3,
  visible: true,
  empty: null,
  createdAt: created,
  tags: ['a', 'b'],
  schedule: [{ at: precise, note: 'x' }, { at: micro }],
  address: { city: 'Curitiba', since: created },
};

describe('a document as JSON', () => {
  it('writes timestamps as {"timestamp": ISO}', () => {
    const json = JSON.parse(documentToJson(document));
    expect(json.createdAt).toEqual({ timestamp: '2024-03-05T12:30:00.250Z' });
    expect(json.schedule[0].at).toEqual({ timestamp: '2023-11-14T22:13:20.123456789Z' });
    expect(json.schedule[1].at).toEqual({ timestamp: '2023-11-14T22:13:20.123456Z' });
    expect(json.address).toEqual({ city: 'Curitiba', since: { timestamp: '2024-03-05T12:30:00.250Z' } });
  });

  it('comes back unchanged, timestamps to the nanosecond', () => {
    const back = jsonToDocument(documentToJson(document));
    expect(back).toEqual(document);
    expect(back.createdAt).toBeInstanceOf(Timestamp);
    expect((back.schedule as { at: Timestamp }[])[0].at.isEqual(precise)).toBe(true);
    expect(documentToJson(back)).toBe(documentToJson(document));
  });

  it('refuses values JSON cannot carry, saying where', () => {
    expect(() => documentToJson({ place: { at: new GeoPoint(1, 2) } })).toThrow(JsonConversionError);
    expect(() => documentToJson({ place: { at: new GeoPoint(1, 2) } })).toThrow(/place\.at/);
    expect(() => documentToJson({ ratio: Number.NaN })).toThrow(/ratio/);
  });
});

describe('JSON back to a document', () => {
  it('reports a syntax error as invalid JSON', () => {
    expect(() => jsonToDocument('{"title": }')).toThrow(InvalidJsonError);
  });

  it('wants an object at the top', () => {
    expect(() => jsonToDocument('[1, 2]')).toThrow('o documento deve ser um objeto { … }');
    expect(() => jsonToDocument('"x"')).toThrow(InvalidJsonError);
  });

  it('refuses a timestamp that is no date, naming its path', () => {
    expect(() => jsonToDocument('{"a": [{"at": {"timestamp": "ontem"}}]}')).toThrow('data inválida em a[0].at.timestamp: "ontem"');
  });

  it('leaves an object with other keys beside timestamp alone', () => {
    expect(jsonToDocument('{"log": {"timestamp": "x", "by": "ana"}}')).toEqual({ log: { timestamp: 'x', by: 'ana' } });
  });
});

describe('ISO text of timestamps', () => {
  it('accepts offsets, short fractions and plain dates', () => {
    expect(isoToTimestamp('2024-03-05T09:30:00-03:00')?.isEqual(Timestamp.fromDate(new Date('2024-03-05T12:30:00Z')))).toBe(true);
    expect(isoToTimestamp('2024-03-05T12:30:00.5Z')?.nanoseconds).toBe(500_000_000);
    expect(isoToTimestamp('2024-03-05')?.toDate().toISOString()).toBe('2024-03-05T00:00:00.000Z');
    expect(isoToTimestamp('não é data')).toBeNull();
  });

  it('keeps dates before 1970', () => {
    const old = new Timestamp(-86_400, 1_000);
    expect(timestampToIso(old)).toBe('1969-12-31T00:00:00.000001Z');
    expect(isoToTimestamp(timestampToIso(old))?.isEqual(old)).toBe(true);
  });
});
