import type { Readable } from 'node:stream';
import { imageSize } from 'image-size';

/** Measuring what the registry stores: an image's width and height, an audio file's duration. */

/** Bytes read first to size an image: the header is near the start, after EXIF in most JPEGs. */
export const IMAGE_HEAD_BYTES = 256 * 1024;

/**
 * Width and height of an image from its first bytes, as shown (EXIF orientations 5-8 turn the
 * picture a quarter, so the sides swap); null when the bytes are not an image it knows.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const size = imageSize(bytes);
    if (!size.width || !size.height) return null;
    const turned = (size.orientation ?? 1) >= 5;
    return turned ? { width: size.height, height: size.width } : { width: size.width, height: size.height };
  } catch {
    return null;
  }
}

/** Reading a long or odd file (OGG is read to its last page) gives up here: the browser's measure is kept. */
export const AUDIO_MEASURE_TIMEOUT_MS = 20_000;

/**
 * Duration in seconds of an audio stream (WAV, MP3, OGG, FLAC, M4A, ...), from its headers where
 * they say it, else estimated from the size and bit rate; null when it cannot be read in time.
 */
export async function audioDuration(
  stream: Readable,
  mimeType: string | undefined,
  size: number | undefined,
  timeoutMs = AUDIO_MEASURE_TIMEOUT_MS,
): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  try {
    // Loaded on first use: it is a large module, and every cold start of the API would pay for it.
    const { parseStream } = await import('music-metadata');
    const timeout = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), timeoutMs);
    });
    const metadata = await Promise.race([parseStream(stream, { mimeType, size }, { duration: false, skipCovers: true, skipPostHeaders: true }), timeout]);
    const seconds = metadata?.format.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  } finally {
    clearTimeout(timer);
    stream.destroy();
  }
}
