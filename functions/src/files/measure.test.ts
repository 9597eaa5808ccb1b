import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { sampleFiles, sampleMp3, sampleWav } from '../../../sandboxes/src/files.js';
import { audioDuration, imageDimensions } from './measure.js';

const samples = new Map(sampleFiles().map((f) => [f.path.split('/').at(-1)!, f]));

describe('imageDimensions', () => {
  it.each(['panela-inox.jpg', 'logo-loja.png', 'banner-inverno.webp'])('measures %s from its first bytes', (name) => {
    const file = samples.get(name)!;
    expect(imageDimensions(file.body.subarray(0, 4096))).toEqual({ width: file.width, height: file.height });
  });

  it('swaps the sides of a JPEG turned by its EXIF orientation', () => {
    // A JPEG header with an APP1 EXIF block saying orientation 6 (rotate 90°), then SOF0 640×480.
    const tiff = Buffer.from([
      0x4d, 0x4d, 0x00, 0x2a, 0x00, 0x00, 0x00, 0x08, 0x00, 0x01, 0x01, 0x12, 0x00, 0x03, 0x00, 0x00, 0x00, 0x01, 0x00, 0x06, 0x00, 0x00, 0x00, 0x00, 0x00,
      0x00,
    ]);
    const exif = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff]);
    const app1 = Buffer.concat([Buffer.from([0xff, 0xe1, (exif.length + 2) >> 8, (exif.length + 2) & 0xff]), exif]);
    const sof = Buffer.from([0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0xe0, 0x02, 0x80, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]);
    const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8]), app1, sof, Buffer.from([0xff, 0xd9])]);
    expect(imageDimensions(jpeg)).toEqual({ width: 480, height: 640 });
  });

  it('answers null for bytes that are not an image', () => {
    expect(imageDimensions(samples.get('manual.pdf')!.body)).toBeNull();
    expect(imageDimensions(new Uint8Array())).toBeNull();
  });
});

// Byte streams, as Storage gives: an object-mode stream hands strtok3 chunks it cannot split.
describe('audioDuration', () => {
  it('reads a WAV duration exactly', async () => {
    const wav = sampleWav(2.5);
    expect(await audioDuration(Readable.from([wav], { objectMode: false }), 'audio/wav', wav.length)).toBeCloseTo(2.5, 5);
  });

  it('reads an MP3 duration from its Info header', async () => {
    const mp3 = sampleMp3(115);
    expect(await audioDuration(Readable.from([mp3], { objectMode: false }), 'audio/mpeg', mp3.length)).toBeCloseTo((115 * 1152) / 44100, 2);
  });

  it('gives up on a stream that stalls', async () => {
    const wav = sampleWav(2.5);
    // The header arrives, the data never does: the parser waits for it until the time limit.
    const stalled = new Readable({ read() {} });
    stalled.push(wav.subarray(0, 20));
    expect(await audioDuration(stalled, 'audio/wav', wav.length, 200)).toBeNull();
    expect(stalled.destroyed).toBe(true);
  });

  it('answers null for something that is not audio', async () => {
    const pdf = samples.get('manual.pdf')!.body;
    expect(await audioDuration(Readable.from([pdf], { objectMode: false }), 'audio/mpeg', pdf.length)).toBeNull();
  });
});
