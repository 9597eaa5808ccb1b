import { describe, expect, it } from 'vitest';
import { consoleFilesImagesEndpoint } from '@console/shared';
import { acceptFor, isWebp, jpgFileName, planUpload, randomUploadId, uploadPercent } from './upload-plan';

describe('upload plan', () => {
  it("goes to 'editor/{random}.{name}', public, by default (document 1 §7, §9)", () => {
    const plan = planUpload({}, 'main', { name: 'Foto da Faca.png', type: 'image/png', size: 1234 }, 'R4nd0m');
    expect(plan.objectPath).toBe('editor/R4nd0m.Foto-da-Faca.png');
    expect(plan.contentType).toBe('image/png');
    expect(plan.registration.endpoint.path).toBe('/api/console/files/images');
    expect(plan.registration).toEqual({
      endpoint: consoleFilesImagesEndpoint,
      body: { file: { name: 'Foto da Faca.png', type: 'image/png', size: 1234 }, filePath: 'editor/R4nd0m.Foto-da-Faca.png', isPublic: true },
    });
  });

  it('uses a configured path with {project} and keeps a private field private (document 3 §7)', () => {
    const plan = planUpload(
      { path: 'project/{project}/course', isPublic: false },
      'cookstore',
      { name: 'aula.mp3', type: 'audio/mpeg', size: 99, duration: 125.4 },
      'id1',
    );
    expect(plan.objectPath).toBe('project/cookstore/course/id1.aula.mp3');
    expect(plan.registration.endpoint.path).toBe('/api/console/files/attaches');
    expect(plan.registration.body).toEqual({
      file: { name: 'aula.mp3', type: 'audio/mpeg', size: 99, duration: 125.4 },
      filePath: 'project/cookstore/course/id1.aula.mp3',
      isPublic: false,
    });
  });

  it('registers files, videos and untyped files as attaches', () => {
    expect(planUpload({}, 'p', { name: 'a.pdf', type: 'application/pdf', size: 1 }, 'r').registration.endpoint.path).toBe('/api/console/files/attaches');
    expect(planUpload({}, 'p', { name: 'v.mp4', type: 'video/mp4', size: 1 }, 'r').registration.endpoint.path).toBe('/api/console/files/attaches');
    const untyped = planUpload({}, 'p', { name: 'x', type: '', size: 1, duration: Number.NaN }, 'r');
    expect(untyped.contentType).toBe('application/octet-stream');
    expect(untyped.registration.body.file).toEqual({ name: 'x', type: 'application/octet-stream', size: 1 });
  });

  it('makes 20-character random ids from the id alphabet', () => {
    const id = randomUploadId();
    expect(id).toMatch(/^[A-Za-z0-9]{20}$/);
    expect(randomUploadId()).not.toBe(id);
    expect(randomUploadId(new Uint8Array(20))).toBe('A'.repeat(20));
  });

  it('reports whole percents between 0 and 100', () => {
    expect(uploadPercent(0, 0)).toBe(0);
    expect(uploadPercent(421, 1000)).toBe(42);
    expect(uploadPercent(999, 1000)).toBe(99);
    expect(uploadPercent(1000, 1000)).toBe(100);
    expect(uploadPercent(2000, 1000)).toBe(100);
  });

  it('recognises WEBP images and names their JPG (document 1 §5)', () => {
    expect(isWebp({ name: 'a.webp', type: 'image/webp' })).toBe(true);
    expect(isWebp({ name: 'a.WEBP', type: '' })).toBe(true);
    expect(isWebp({ name: 'a.webp', type: 'image/png' })).toBe(false);
    expect(isWebp({ name: 'a.jpg', type: 'image/jpeg' })).toBe(false);
    expect(jpgFileName('foto.final.webp')).toBe('foto.final.jpg');
    expect(jpgFileName('semextensao')).toBe('semextensao.jpg');
    expect(jpgFileName('.webp')).toBe('.webp.jpg');
  });

  it('offers the kind of file each widget takes', () => {
    expect(acceptFor('image')).toBe('image/*');
    expect(acceptFor('video')).toBe('video/*');
    expect(acceptFor('audio')).toBe('audio/*');
    expect(acceptFor('file')).toBeUndefined();
  });
});
