import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentDisposition, createFilesSandbox, sampleFiles } from './files.js';

let server: Server;
let base: string;
beforeAll(async () => {
  server = createServer(createFilesSandbox());
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('files sandbox', () => {
  it('serves each sample with its type, length, name and open CORS', async () => {
    for (const file of sampleFiles()) {
      const res = await fetch(`${base}${file.path}`);
      const body = Buffer.from(await res.arrayBuffer());
      expect([res.status, res.headers.get('content-type'), body.equals(file.body)]).toEqual([200, file.contentType, true]);
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
      expect(res.headers.get('access-control-expose-headers')).toContain('content-disposition');
    }
    const pdf = await fetch(`${base}/files/manual.pdf`);
    expect(pdf.headers.get('content-disposition')).toBe(contentDisposition('attachment', 'Manual do produto – Panela Inox.pdf'));
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 8)
        .toString('latin1'),
    ).toBe('%PDF-1.4');
  });

  it('answers a CORS preflight and HEAD', async () => {
    const preflight = await fetch(`${base}/files/logo-loja.png`, { method: 'OPTIONS' });
    expect([preflight.status, preflight.headers.get('access-control-allow-methods')]).toEqual([204, 'GET, HEAD, OPTIONS']);
    const head = await fetch(`${base}/large?mb=30`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(30 * 1024 * 1024));
  });

  it('redirects where it is told and along a chain', async () => {
    const res = await fetch(`${base}/redirect?to=${encodeURIComponent('http://10.0.0.1/x')}`, { redirect: 'manual' });
    expect([res.status, res.headers.get('location')]).toEqual([302, 'http://10.0.0.1/x']);
    const chain = await fetch(`${base}/redirect/chain/2`);
    expect([chain.status, chain.url]).toEqual([200, `${base}/files/logo-loja.png`]);
    expect((await fetch(`${base}/redirect`, { redirect: 'manual' })).status).toBe(400);
  });

  it('streams a large body without Content-Length when asked', async () => {
    const res = await fetch(`${base}/large?mb=1&chunked=1`);
    expect(res.headers.get('content-length')).toBeNull();
    expect((await res.arrayBuffer()).byteLength).toBe(1024 * 1024);
  });

  it('lists the samples with what a test can assert', async () => {
    const { files } = await (await fetch(`${base}/files`)).json();
    expect(files.find((f: { path: string }) => f.path === '/files/tom-440hz.wav')).toMatchObject({ contentType: 'audio/wav', duration: 2.5 });
    expect((await fetch(`${base}/nada`)).status).toBe(404);
  });
});
