import { describe, expect, it } from 'vitest';
import { base64ToBytes, decodeDownload, downloadedFileName, downloadErrorMessage, parseUrls } from './download-url';

describe('download from a URL', () => {
  it("uses document 1 §8's messages for one URL and for several", () => {
    expect(downloadErrorMessage(1)).toBe('Erro ao fazer download do arquivo. Verifique a URL e tente novamente.');
    expect(downloadErrorMessage(3)).toBe('Erro ao fazer download de um ou mais arquivos.');
    expect(parseUrls(' https://a/x.jpg\nhttps://b/y.png  https://c ')).toEqual(['https://a/x.jpg', 'https://b/y.png', 'https://c']);
    expect(parseUrls('  ')).toEqual([]);
  });

  it('decodes a successful answer into the file', () => {
    const file = decodeDownload(
      { success: true, data: Buffer.from('olá').toString('base64'), contentType: 'text/plain; charset=utf-8', fileName: 'nota.txt' },
      'https://h/nota.txt',
    );
    expect(file.name).toBe('nota.txt');
    expect(file.type).toBe('text/plain');
    expect(new TextDecoder().decode(file.bytes)).toBe('olá');
  });

  it("throws 'Erro ao fazer download' for an answer that is not success", () => {
    for (const answer of [{ success: false, message: 'Endereço não permitido' }, { success: true }, null, { data: 'AAAA' }]) {
      expect(() => decodeDownload(answer, 'https://h/x')).toThrow(/^Erro ao fazer download$/);
    }
  });

  it('names the file from the answer, else the URL, adding the extension of its type', () => {
    expect(downloadedFileName({ fileName: 'a.png', contentType: 'image/png' }, 'https://h/b.jpg')).toBe('a.png');
    expect(downloadedFileName({ contentType: 'image/jpeg' }, 'https://h/fotos/foto%20grande')).toBe('foto grande.jpg');
    expect(downloadedFileName({ fileName: 'pasta/manual', contentType: 'application/pdf' }, 'https://h/')).toBe('pasta-manual.pdf');
    expect(downloadedFileName({}, 'https://h/')).toBe('arquivo');
    expect(downloadedFileName({}, 'não é url')).toBe('arquivo');
  });

  it('decodes base64 byte for byte', () => {
    const bytes = Uint8Array.from([0, 255, 137, 80, 78, 71]);
    expect(Array.from(base64ToBytes(Buffer.from(bytes).toString('base64')))).toEqual(Array.from(bytes));
  });
});
