import { describe, expect, it } from 'vitest';
import { embedViewToken, expiryFromNow, signEmbedUrl, tusUploadSignature, verifyWebhookSignature } from './signature.js';

// Vectors computed with coreutils (printf '%s' "<concatenation>" | sha256sum), not with this code.
const LIBRARY = '956468';
const API_KEY = 'sandbox-bunny-459dbbc8e63a952c7b04cb66f1a21d05';
const AUTH_KEY = 'sandbox-bunny-stream-18ef82ac215e87cfc5d0010040f1e275';
const VIDEO = 'eb1c4f77-0cda-46be-b47d-1118ad7c2ffe';
const EXPIRE = 1767225600; // 2026-01-01T00:00:00Z

describe('Bunny signatures', () => {
  it('signs a TUS upload as sha256(libraryId + apiKey + expire + videoId), hex', () => {
    expect(tusUploadSignature(LIBRARY, API_KEY, EXPIRE, VIDEO)).toBe('7a89b9c205f835c873f2f0c3bc01dbab615fd5aec1c94b6d0bbbca4d454ef607');
  });

  it('changes with every member (order matters)', () => {
    const base = tusUploadSignature(LIBRARY, API_KEY, EXPIRE, VIDEO);
    expect(tusUploadSignature(LIBRARY, API_KEY, EXPIRE + 1, VIDEO)).not.toBe(base);
    expect(tusUploadSignature(LIBRARY, `${API_KEY}x`, EXPIRE, VIDEO)).not.toBe(base);
    expect(tusUploadSignature('956469', API_KEY, EXPIRE, VIDEO)).not.toBe(base);
    expect(tusUploadSignature(VIDEO, API_KEY, EXPIRE, LIBRARY)).not.toBe(base);
  });

  it('makes the embed view token sha256(key + videoId + expires) and adds it to the URL', () => {
    const token = '7453b9ce4e0700873d6d58c725e3d601e25edb64a3a096a13fb2a356e076a606';
    expect(embedViewToken(AUTH_KEY, VIDEO, EXPIRE)).toBe(token);
    const signed = new URL(signEmbedUrl(`https://iframe.mediadelivery.net/embed/${LIBRARY}/${VIDEO}`, AUTH_KEY, VIDEO, EXPIRE));
    expect(signed.pathname).toBe(`/embed/${LIBRARY}/${VIDEO}`);
    expect(Object.fromEntries(signed.searchParams)).toEqual({ token, expires: String(EXPIRE) });
  });

  it('expires in whole unix seconds', () => {
    expect(expiryFromNow(3600, Date.parse('2026-01-01T00:00:00.900Z'))).toBe(EXPIRE + 3600);
  });

  describe('the webhook signature (v1)', () => {
    // Bunny's published example call byte for byte (docs.bunny.net/stream/webhooks, read 2026-12-06),
    // its HMAC computed with openssl (printf '%s' "<body>" | openssl dgst -sha256 -hmac "<key>").
    const READ_ONLY_KEY = 'sandbox-bunny-read-only-762dc47e0c47497adcaa7c97bc293cd6';
    const published = Buffer.from('{\n\t"VideoLibraryId": 133,\n\t"VideoGuid": "657bb740-a71b-4529-a012-528021c31a92",\n\t"Status": 3\n}');
    const signature = '410e7982b11ae4a3455d11fab243407cbb146855e04b5a123aa9254518c794e2';
    const v1 = { version: 'v1', algorithm: 'hmac-sha256', signature };

    it('is hex HMAC-SHA256 of the raw body keyed by the Read-Only API key', () => {
      expect(verifyWebhookSignature(published, v1, READ_ONLY_KEY)).toBe(true);
      expect(verifyWebhookSignature(published, { ...v1, signature: signature.toUpperCase() }, READ_ONLY_KEY)).toBe(true);
    });

    it('refuses the same JSON re-serialised, another key, a changed status, or headers it cannot check', () => {
      const compact = Buffer.from(JSON.stringify(JSON.parse(published.toString())));
      expect(verifyWebhookSignature(compact, v1, READ_ONLY_KEY)).toBe(false);
      expect(verifyWebhookSignature(published, v1, `${READ_ONLY_KEY}x`)).toBe(false);
      expect(verifyWebhookSignature(Buffer.from(published.toString().replace('3\n', '5\n')), v1, READ_ONLY_KEY)).toBe(false);
      expect(verifyWebhookSignature(published, { ...v1, signature: undefined }, READ_ONLY_KEY)).toBe(false);
      expect(verifyWebhookSignature(published, { ...v1, signature: signature.slice(0, 63) }, READ_ONLY_KEY)).toBe(false);
      expect(verifyWebhookSignature(published, { ...v1, version: 'v2' }, READ_ONLY_KEY)).toBe(false);
      expect(verifyWebhookSignature(published, { ...v1, version: undefined }, READ_ONLY_KEY)).toBe(false);
      expect(verifyWebhookSignature(published, { ...v1, algorithm: 'hmac-sha1' }, READ_ONLY_KEY)).toBe(false);
    });
  });
});
