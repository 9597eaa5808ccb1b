import * as logs from './logs.js';
import { consoleFilesDownloadUrlEndpoint, type DownloadUrlResponse } from '@console/shared';
import { serve, type Handler } from '../lib/endpoint.js';
import { parseOriginList, safeFetch, SafeFetchError } from './safe-fetch.js';
import { downloadUrlAllowedOrigins } from '../config.js';

/**
 * Limits of a download. 20 MiB: the answer carries the body in base64 (4/3 of it) inside JSON, and
 * must stay under Cloud Run's 32 MiB response limit. 15 s for the whole exchange, redirects included.
 */
export const DOWNLOAD_MAX_BYTES = 20 * 1024 * 1024;
export const DOWNLOAD_TIMEOUT_MS = 15_000;
export const DOWNLOAD_MAX_REDIRECTS = 5;

/** The host of a URL for the logs (never the path or query: they may carry tokens). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '(inválida)';
  }
}

/**
 * POST /api/console/files/download-url?project {url} — fetches a remote file for the user through
 * the SSRF guard (files/safe-fetch.ts) and answers {success: true, data (base64), contentType,
 * fileName, message}. A refused or failed download answers HTTP 200 {success: false, message} with
 * the reason in Portuguese: it is the answer of a call that worked (the client reads `success`,
 * as the spec's client does, and shows its own message); 4xx stays for a bad request (no url)
 * or no access to the project.
 */
export const handleConsoleFilesDownloadUrl: Handler<typeof consoleFilesDownloadUrlEndpoint> = async ({ body }): Promise<DownloadUrlResponse> => {
  try {
    const result = await safeFetch(body.url.trim(), {
      maxBytes: DOWNLOAD_MAX_BYTES,
      timeoutMs: DOWNLOAD_TIMEOUT_MS,
      maxRedirects: DOWNLOAD_MAX_REDIRECTS,
      allowedOrigins: parseOriginList(downloadUrlAllowedOrigins()),
    });
    return {
      success: true,
      data: result.body.toString('base64'),
      contentType: result.contentType,
      fileName: result.fileName,
      message: 'Download concluído.',
    };
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    logs.downloadUrlRefused(hostOf(body.url), error.code, error.message);
    return { success: false, message: error.message };
  }
};

export const consoleFilesDownloadUrl = serve(consoleFilesDownloadUrlEndpoint, handleConsoleFilesDownloadUrl);
