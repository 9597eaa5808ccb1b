import { readFileSync } from 'node:fs';
import type { OutgoingHttpHeaders, RequestListener, ServerResponse } from 'node:http';
import { sendJson } from './respond.js';

/**
 * A remote file host for 'download from a URL' (POST /api/console/files/download-url): real sample
 * files with their Content-Type and Content-Disposition, plus the awkward cases the download guard
 * must survive — a redirect to anywhere (`/redirect?to=`), a chain of redirects, a body beyond the
 * size limit (with and without Content-Length) and a body that trickles. CORS is open so a browser
 * page can fetch the same files. The switchable faults (faults.ts) wrap it like every sandbox.
 *
 * The images are committed fixtures (sandboxes/fixtures/files, drawn once with a canvas in
 * chromium); the PDF and the audio are built here, so their content is known to the byte.
 */

const FIXTURES = new URL('../fixtures/files/', import.meta.url);

export interface SampleFile {
  /** Path under the sandbox origin. */
  path: string;
  contentType: string;
  /** The name sent in Content-Disposition; undefined sends none (the name comes from the URL). */
  dispositionName?: string;
  disposition?: 'inline' | 'attachment';
  body: Buffer;
  /** What a test can assert on after measuring. */
  width?: number;
  height?: number;
  /** Seconds. */
  duration?: number;
}

/** A one-page PDF (text only), with a correct cross-reference table. */
export function samplePdf(title = 'Manual do produto - Panela Inox 24 cm'): Buffer {
  const text = title.replace(/[()\\]/g, '\\$&');
  const stream = `BT /F1 18 Tf 72 760 Td (${text}) Tj ET\nBT /F1 11 Tf 72 730 Td (Lave a panela com agua morna e detergente neutro antes do primeiro uso.) Tj ET\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
  ];
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

/** A PCM WAV (mono, 16 bit) of a 440 Hz tone with fades: exactly `seconds` long. */
export function sampleWav(seconds = 2.5, sampleRate = 8000): Buffer {
  const samples = Math.round(seconds * sampleRate);
  const data = Buffer.alloc(samples * 2);
  const fade = Math.min(samples / 4, sampleRate * 0.05);
  for (let i = 0; i < samples; i++) {
    const envelope = Math.min(1, i / fade, (samples - 1 - i) / fade);
    data.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / sampleRate) * 0.4 * 32767 * envelope), i * 2);
  }
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'ascii');
  header.writeUInt32LE(36 + data.length, 4);
  header.write('WAVE', 8, 'ascii');
  header.write('fmt ', 12, 'ascii');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'ascii');
  header.writeUInt32LE(data.length, 40);
  return Buffer.concat([header, data]);
}

/**
 * An MP3 of silence: MPEG-1 Layer III frames, 44.1 kHz, 128 kbit/s, mono, the first one an 'Info'
 * (CBR Xing) frame carrying the frame count, the way encoders write it, so players and parsers read
 * the duration from the header: frames × 1152 / 44100 s.
 */
export function sampleMp3(frames = 115): Buffer {
  const frameSize = 417; // 144 × 128000 / 44100, no padding
  const header = Buffer.from([0xff, 0xfb, 0x90, 0xc4]);
  const frame = () => {
    const f = Buffer.alloc(frameSize);
    header.copy(f, 0);
    return f; // zero side information: a silent granule
  };
  const info = frame();
  const at = 4 + 17; // after the header and the mono side information
  info.write('Info', at, 'ascii');
  info.writeUInt32BE(0x3, at + 4); // frames and bytes present
  info.writeUInt32BE(frames, at + 8);
  info.writeUInt32BE((frames + 1) * frameSize, at + 12);
  return Buffer.concat([info, ...Array.from({ length: frames }, frame)]);
}

function fixture(name: string): Buffer {
  return readFileSync(new URL(name, FIXTURES));
}

/** Every sample the sandbox serves, by path. */
export function sampleFiles(): SampleFile[] {
  return [
    {
      path: '/files/panela-inox.jpg',
      contentType: 'image/jpeg',
      dispositionName: 'panela-inox.jpg',
      disposition: 'inline',
      body: fixture('panela-inox.jpg'),
      width: 640,
      height: 480,
    },
    { path: '/files/logo-loja.png', contentType: 'image/png', body: fixture('logo-loja.png'), width: 256, height: 256 },
    {
      path: '/files/banner-inverno.webp',
      contentType: 'image/webp',
      dispositionName: 'banner-inverno.webp',
      disposition: 'inline',
      body: fixture('banner-inverno.webp'),
      width: 800,
      height: 300,
    },
    {
      path: '/files/manual.pdf',
      contentType: 'application/pdf',
      dispositionName: 'Manual do produto – Panela Inox.pdf',
      disposition: 'attachment',
      body: samplePdf(),
    },
    { path: '/files/tom-440hz.wav', contentType: 'audio/wav', dispositionName: 'tom-440hz.wav', disposition: 'inline', body: sampleWav(2.5), duration: 2.5 },
    {
      path: '/files/silencio.mp3',
      contentType: 'audio/mpeg',
      dispositionName: 'silencio.mp3',
      disposition: 'inline',
      body: sampleMp3(115),
      duration: (115 * 1152) / 44100,
    },
  ];
}

/** Content-Disposition with an ASCII fallback and the UTF-8 name (RFC 6266). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii =
    name
      .normalize('NFD')
      .replace(/[^\x20-\x7e]/g, '')
      .replace(/["\\]/g, '') || 'arquivo';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

const CORS: OutgoingHttpHeaders = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'GET, HEAD, OPTIONS',
  'access-control-allow-headers': 'content-type, x-sandbox-fault',
  'access-control-expose-headers': 'content-disposition, content-length, content-type',
};

/** Above the download limit (20 MiB) unless asked otherwise. */
export const LARGE_DEFAULT_MB = 30;
const MAX_LARGE_MB = 200;
const MAX_REDIRECT_CHAIN = 20;

/** Streams `total` bytes of a repeating pattern without holding them in memory. */
function streamBytes(res: ServerResponse, total: number): void {
  const chunk = Buffer.alloc(64 * 1024, 'console-sandbox ');
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += part.length;
      if (!res.write(part)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => {
    sent = total; // the client gave up: stop pumping
  });
  pump();
}

export function createFilesSandbox(): RequestListener {
  const files = new Map(sampleFiles().map((f) => [f.path, f]));
  return (req, res) => {
    const url = new URL(req.url ?? '/', 'http://sandbox');
    const path = url.pathname;
    const method = req.method ?? 'GET';
    if (method === 'OPTIONS') {
      res.writeHead(204, { ...CORS, 'access-control-max-age': '600' });
      return res.end();
    }
    if (method !== 'GET' && method !== 'HEAD') return sendJson(res, 405, { erro: 'Método não permitido.' }, { ...CORS, allow: 'GET, HEAD, OPTIONS' });
    const head = method === 'HEAD';

    if (path === '/' || path === '/files' || path === '/files/') {
      return sendJson(
        res,
        200,
        {
          files: [...files.values()].map(({ path: p, contentType, body, width, height, duration }) => ({
            path: p,
            contentType,
            size: body.length,
            width,
            height,
            duration,
          })),
        },
        CORS,
      );
    }

    const file = files.get(path);
    if (file) {
      res.writeHead(200, {
        ...CORS,
        'content-type': file.contentType,
        'content-length': String(file.body.length),
        'cache-control': 'public, max-age=300',
        ...(file.dispositionName ? { 'content-disposition': contentDisposition(file.disposition ?? 'inline', file.dispositionName) } : {}),
      });
      return res.end(head ? undefined : file.body);
    }

    // /redirect?to=<absolute or relative URL>&status=302 — goes wherever it is told (a hop to vet).
    if (path === '/redirect') {
      const to = url.searchParams.get('to');
      const status = Number(url.searchParams.get('status') ?? 302);
      if (!to || ![301, 302, 303, 307, 308].includes(status)) return sendJson(res, 400, { erro: 'Informe to= e um status de redirecionamento.' }, CORS);
      res.writeHead(status, { ...CORS, location: to });
      return res.end();
    }
    // /redirect/chain/{n}: n more redirects, then the PNG (a chain longer than the client follows).
    const chain = /^\/redirect\/chain\/(\d+)$/.exec(path);
    if (chain) {
      const n = Math.min(Number(chain[1]), MAX_REDIRECT_CHAIN);
      res.writeHead(302, { ...CORS, location: n > 0 ? `/redirect/chain/${n - 1}` : '/files/logo-loja.png' });
      return res.end();
    }

    // /large?mb=30[&chunked=1]: a body beyond the limit, announced by Content-Length or not.
    if (path === '/large') {
      const mb = Math.min(Number(url.searchParams.get('mb') ?? LARGE_DEFAULT_MB) || LARGE_DEFAULT_MB, MAX_LARGE_MB);
      const total = Math.round(mb * 1024 * 1024);
      const chunked = url.searchParams.get('chunked') === '1';
      res.writeHead(200, {
        ...CORS,
        'content-type': 'application/octet-stream',
        'content-disposition': contentDisposition('attachment', 'grande.bin'),
        ...(chunked ? {} : { 'content-length': String(total) }),
      });
      if (head) return res.end();
      return streamBytes(res, total);
    }

    // /slow?seconds=30&bytes=1000: answers at once, then trickles the body over `seconds`.
    if (path === '/slow') {
      const seconds = Math.min(Math.max(Number(url.searchParams.get('seconds') ?? 30) || 30, 1), 600);
      const bytes = Math.min(Math.max(Number(url.searchParams.get('bytes') ?? 1000) || 1000, 1), 1_000_000);
      res.writeHead(200, { ...CORS, 'content-type': 'text/plain; charset=utf-8', 'content-length': String(bytes) });
      if (head) return res.end();
      const steps = Math.min(bytes, seconds * 4);
      const per = Math.floor(bytes / steps);
      let sent = 0;
      const timer = setInterval(
        () => {
          const n = sent + per * 2 > bytes ? bytes - sent : per;
          res.write(Buffer.alloc(n, 'a'));
          sent += n;
          if (sent >= bytes) {
            clearInterval(timer);
            res.end();
          }
        },
        (seconds * 1000) / steps,
      );
      res.on('close', () => clearInterval(timer));
      return;
    }

    return sendJson(res, 404, { erro: 'Arquivo não encontrado.' }, CORS);
  };
}
