import { describe, expect, it } from 'vitest';
import { bunnyChanged, bunnyOf, fileDisplayName, hasDownloadToken, mergeStoredFile, needsSignedRead, readFileValue, valueUrl, withBunny } from './file-value';

const stored = {
  id: 'abc',
  url: 'http://127.0.0.1:9199/v0/b/demo.appspot.com/o/editor%2Fx.jpg?alt=media&token=t-1',
  filename: 'x.jpg',
  title: 'x',
  type: 'image/jpeg',
  size: 2048,
  isPublic: true,
  filePath: 'editor/abc.x.jpg',
};
const bunny = { id: 'v1', status: 2, thumbnail: 'https://t/1.jpg', pullZone: 'pz', iframeUrl: 'https://player/v1' };

describe('file values', () => {
  it('reads empty, File objects, bare URLs and other shapes apart', () => {
    expect(readFileValue(undefined)).toEqual({ kind: 'empty' });
    expect(readFileValue(null)).toEqual({ kind: 'empty' });
    expect(readFileValue('')).toEqual({ kind: 'empty' });
    expect(readFileValue('https://cdn/x.jpg')).toEqual({ kind: 'url', url: 'https://cdn/x.jpg' });
    expect(readFileValue(stored)).toEqual({ kind: 'file', file: stored });
    expect(readFileValue({ filePath: 'editor/a' }).kind).toBe('file');
    for (const other of [42, true, ['x'], { name: 'x' }]) expect(readFileValue(other)).toEqual({ kind: 'other' });
    expect(valueUrl(readFileValue(stored))).toBe(stored.url);
    expect(valueUrl(readFileValue('https://cdn/x.jpg'))).toBe('https://cdn/x.jpg');
    expect(valueUrl(readFileValue(null))).toBe('');
  });

  it('names a file by its file name, else its title, else the end of its path', () => {
    expect(fileDisplayName(stored)).toBe('x.jpg');
    expect(fileDisplayName({ title: 'Banner' })).toBe('Banner');
    expect(fileDisplayName({ filePath: 'project/p/course/r.aula%201.mp3' })).toBe('r.aula 1.mp3');
    expect(fileDisplayName({ url: 'https://cdn/a/b.pdf?x=1' })).toBe('b.pdf');
    expect(fileDisplayName({})).toBe('arquivo');
  });

  it('reads a private file without a download token through the SDK, and nothing else', () => {
    expect(hasDownloadToken(stored.url)).toBe(true);
    expect(hasDownloadToken('http://h/o/x?alt=media')).toBe(false);
    expect(needsSignedRead(stored)).toBe(false);
    const privateFile = { ...stored, isPublic: false, url: 'http://h/v0/b/b/o/project%2Fp%2Fx.jpg?alt=media' };
    expect(needsSignedRead(privateFile)).toBe(true);
    // A private file that still carries a token is readable by its URL.
    expect(needsSignedRead({ ...privateFile, url: stored.url })).toBe(false);
    // Without a path there is nothing to read through the SDK.
    expect(needsSignedRead({ ...privateFile, filePath: '' })).toBe(false);
  });

  it('merges the server answer over the stored file, keeping members only the stored one has', () => {
    const current = { ...stored, legacyAlt: 'Foto', cdn: { bunny, other: { id: 'o' } } };
    const answer = { ...stored, isPublic: false, url: 'http://h/o/x?alt=media', cdn: {} };
    const merged = mergeStoredFile(current, answer);
    expect(merged).toEqual({ ...stored, isPublic: false, url: 'http://h/o/x?alt=media', legacyAlt: 'Foto', cdn: { bunny, other: { id: 'o' } } });
    expect(mergeStoredFile(null, stored)).toEqual(stored);
  });

  it('replaces cdn.bunny and keeps everything around it', () => {
    const current = { ...stored, extra: 1, cdn: { other: 1, bunny: { ...bunny, legacy: 'x' } } };
    const next = { ...bunny, status: 4 };
    expect(withBunny(current, next)).toEqual({ ...stored, extra: 1, cdn: { other: 1, bunny: { ...next, legacy: 'x' } } });
    expect(bunnyOf(withBunny(current, next))?.status).toBe(4);
    expect(bunnyOf({ ...stored })).toBeNull();
    expect(bunnyOf({ ...stored, cdn: { bunny: { id: 'x' } } } as never)).toBeNull();
    expect(bunnyChanged(bunny, { ...bunny })).toBe(false);
    expect(bunnyChanged(bunny, { ...bunny, status: 3 })).toBe(true);
    expect(bunnyChanged(null, bunny)).toBe(true);
  });
});
