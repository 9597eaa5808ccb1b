import { describe, expect, it } from 'vitest';
import { embedViewToken, expiryFromNow, signEmbedUrl, tusUploadSignature } from './signature.js';

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
});
