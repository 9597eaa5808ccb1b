import { consoleFilesDownloadUrlEndpoint, downloadUrlResponseSchema, fileExtension, type DownloadUrlResponse } from '@console/shared';
import { callApi } from '../lib/api';
import { FILE_TEXTS } from './texts';

/**
 * 'Baixar de URL': the server fetches the remote file for the user (POST
 * /api/console/files/download-url, which refuses private and internal addresses) and answers it in
 * base64; the browser turns it into a File and uploads it like a chosen one.
 */

const EXTENSION_BY_TYPE: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/gif': 'gif',
  'image/svg+xml': 'svg',
  'image/bmp': 'bmp',
  'application/pdf': 'pdf',
  'audio/mpeg': 'mp3',
  'audio/wav': 'wav',
  'audio/ogg': 'ogg',
  'video/mp4': 'mp4',
  'text/plain': 'txt',
  'text/csv': 'csv',
};

/** The URLs in a pasted text: one per line or separated by spaces. */
export function parseUrls(text: string): string[] {
  return text
    .split(/\s+/)
    .map((part) => part.trim())
    .filter(Boolean);
}

/** Document 1 §8: one message for one URL, another when several were asked for. */
export function downloadErrorMessage(urlCount: number): string {
  return urlCount > 1 ? FILE_TEXTS.downloadFailedMany : FILE_TEXTS.downloadFailedOne;
}

/** A name for the downloaded file: the server's, else the URL's last segment, with an extension. */
export function downloadedFileName(answer: Pick<DownloadUrlResponse, 'fileName' | 'contentType'>, url: string): string {
  let name = answer.fileName?.trim() ?? '';
  if (!name) {
    try {
      name = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
    } catch {
      name = '';
    }
  }
  name = name.replace(/[\\/]/g, '-') || 'arquivo';
  const type = (answer.contentType ?? '').split(';')[0]!.trim().toLowerCase();
  const extension = EXTENSION_BY_TYPE[type];
  return !fileExtension(name) && extension ? `${name}.${extension}` : name;
}

/** The bytes of a base64 text. */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64.replace(/\s+/g, ''));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export interface DownloadedFile {
  name: string;
  type: string;
  bytes: Uint8Array<ArrayBuffer>;
}

/** The file in a download answer; an answer that is not success throws 'Erro ao fazer download'. */
export function decodeDownload(answer: unknown, url: string): DownloadedFile {
  const parsed = downloadUrlResponseSchema.safeParse(answer);
  if (!parsed.success || !parsed.data.success || typeof parsed.data.data !== 'string') {
    throw new Error(FILE_TEXTS.downloadNotSuccess, { cause: parsed.success ? parsed.data.message : parsed.error });
  }
  const type = (parsed.data.contentType ?? '').split(';')[0]!.trim() || 'application/octet-stream';
  return { name: downloadedFileName(parsed.data, url), type, bytes: base64ToBytes(parsed.data.data) };
}

/** Fetches `url` through the server and answers it as a File. */
export async function downloadAsFile(url: string, project: string): Promise<File> {
  const answer = await callApi(consoleFilesDownloadUrlEndpoint, { project, body: { url } });
  const file = decodeDownload(answer, url);
  return new File([file.bytes], file.name, { type: file.type });
}
