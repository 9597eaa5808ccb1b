import { describe, expect, it } from 'vitest';
import { storedFileSchema } from '@console/shared';
import { buildStoredFile, defaultTitle, displayName, effectiveType, kindMismatch } from './file-object.js';
import { downloadUrl, storageOrigin } from './storage.js';

describe('registration rules', () => {
  it('titles a file by its name without the extension', () => {
    expect(defaultTitle('Foto Panela.final.JPEG')).toBe('Foto Panela.final');
    expect(defaultTitle('manual')).toBe('manual');
    expect(defaultTitle('.htaccess')).toBe('.htaccess');
    expect(defaultTitle('C:\\fotos\\panela.png')).toBe('panela');
    expect(displayName('  ')).toBe('arquivo');
  });

  it('trusts the type in Storage over the browser, unless Storage has only a generic one', () => {
    expect(effectiveType('image/png', 'image/jpeg')).toBe('image/png');
    expect(effectiveType('application/octet-stream', 'audio/mpeg')).toBe('audio/mpeg');
    expect(effectiveType(null, '')).toBe('application/octet-stream');
    expect(effectiveType('Text/Plain; charset=utf-8', '')).toBe('text/plain');
  });

  it('sends images to /images and everything else to /attaches', () => {
    expect(kindMismatch('image', 'image/webp')).toBeNull();
    expect(kindMismatch('attach', 'application/pdf')).toBeNull();
    expect(kindMismatch('attach', 'video/mp4')).toBeNull();
    expect(kindMismatch('image', 'application/pdf')).toMatch(/^Somente imagens .*\/api\/console\/files\/attaches/);
    expect(kindMismatch('attach', 'image/png')).toMatch(/^Imagens devem ser registradas em \/api\/console\/files\/images/);
  });

  it('builds a File object the shared schema accepts, without members that do not apply', () => {
    const file = buildStoredFile({
      id: 'a1',
      url: 'https://x/y',
      name: 'manual.pdf',
      type: 'application/pdf',
      size: 10,
      isPublic: true,
      filePath: 'editor/r.manual.pdf',
    });
    expect(file).toEqual({
      id: 'a1',
      url: 'https://x/y',
      filename: 'manual.pdf',
      title: 'manual',
      type: 'application/pdf',
      size: 10,
      isPublic: true,
      filePath: 'editor/r.manual.pdf',
    });
    expect(storedFileSchema.parse(file)).toEqual(file);
    const image = buildStoredFile({
      id: 'b',
      url: '',
      name: 'f.jpg',
      title: ' Capa ',
      type: 'image/jpeg',
      size: 1,
      isPublic: false,
      filePath: 'editor/f.jpg',
      width: 640,
      height: 480,
    });
    expect([image.title, image.width, image.height, 'duration' in image]).toEqual(['Capa', 640, 480, false]);
  });
});

describe('download URLs', () => {
  it("is Google's in production and the emulator's locally, reachable by the browser", () => {
    expect(storageOrigin({})).toBe('https://firebasestorage.googleapis.com');
    expect(storageOrigin({ FIREBASE_STORAGE_EMULATOR_HOST: '127.0.0.1:9229' })).toBe('http://127.0.0.1:9229');
    expect(storageOrigin({ FIREBASE_STORAGE_EMULATOR_HOST: '0.0.0.0:9229' })).toBe('http://127.0.0.1:9229');
    expect(storageOrigin({ STORAGE_EMULATOR_HOST: 'http://[::]:9209' })).toBe('http://127.0.0.1:9209');
    expect(storageOrigin({ FIREBASE_STORAGE_EMULATOR_HOST: 'localhost:9199' })).toBe('http://localhost:9199');
  });

  it('encodes the object path as one segment and adds the token only when public', () => {
    const origin = 'https://firebasestorage.googleapis.com';
    expect(downloadUrl('demo.appspot.com', 'project/main/content/a b.pdf', 'tok-1', origin)).toBe(
      'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/project%2Fmain%2Fcontent%2Fa%20b.pdf?alt=media&token=tok-1',
    );
    expect(downloadUrl('demo.appspot.com', 'editor/x.png', null, origin)).toBe(
      'https://firebasestorage.googleapis.com/v0/b/demo.appspot.com/o/editor%2Fx.png?alt=media',
    );
  });
});
