import { describe, expect, it, vi } from 'vitest';
import { batchUrls, fitsKind, isHttpUrl, remainingText, runUrlBatch } from './url-batch';

const ONE = 'Erro ao fazer download do arquivo. Verifique a URL e tente novamente.';
const MANY = 'Erro ao fazer download de um ou mais arquivos.';

describe('download of several URLs into a list', () => {
  it('takes one URL per line, trimmed, blank lines dropped, in order', () => {
    expect(batchUrls(' https://a/x.jpg \r\n\n  \nhttps://b/y.png\nhttps://a/x.jpg')).toEqual(['https://a/x.jpg', 'https://b/y.png', 'https://a/x.jpg']);
    expect(batchUrls('\n  \n')).toEqual([]);
  });

  it('asks only for http and https URLs, and checks the kind of what came', () => {
    expect(isHttpUrl('https://h/x.jpg')).toBe(true);
    expect(isHttpUrl('http://127.0.0.1:1/x')).toBe(true);
    for (const line of ['ftp://h/x', 'file:///etc/passwd', 'javascript:alert(1)', 'h/x.jpg', 'não é url']) expect(isHttpUrl(line)).toBe(false);
    expect(fitsKind('image', 'image/png')).toBe(true);
    expect(fitsKind('image', 'application/pdf')).toBe(false);
    expect(fitsKind('file', 'application/pdf')).toBe(true);
  });

  it('runs the URLs one after the other, keeping the order of the successes and the failed URLs', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const progress: string[] = [];
    const appended: string[] = [];
    const asked: string[] = [];
    const urls = ['https://h/1.jpg', 'https://h/bad', 'ftp://h/2.jpg', 'https://h/3.jpg', 'https://h/null'];
    const outcome = await runUrlBatch(
      urls,
      async (url) => {
        asked.push(url);
        // Later URLs answer sooner: the order must still be the order given.
        await new Promise((resolve) => setTimeout(resolve, 10 - asked.length * 2));
        if (url.endsWith('bad')) throw new Error('recusado');
        return url.endsWith('null') ? null : `stored:${url}`;
      },
      { onProgress: (n, total) => progress.push(`${n}/${total}`), onDone: (result) => appended.push(result) },
    );
    expect(asked).toEqual(['https://h/1.jpg', 'https://h/bad', 'https://h/3.jpg', 'https://h/null']);
    expect(outcome.done).toEqual(['stored:https://h/1.jpg', 'stored:https://h/3.jpg']);
    expect(appended).toEqual(outcome.done);
    expect(outcome.failed).toEqual(['https://h/bad', 'ftp://h/2.jpg', 'https://h/null']);
    expect(outcome.error).toBe(MANY);
    expect(remainingText(outcome)).toBe('https://h/bad\nftp://h/2.jpg\nhttps://h/null');
    expect(progress).toEqual(['1/5', '2/5', '3/5', '4/5', '5/5']);
    // The step that threw and the line that was no URL (a null answer was the step's to log).
    expect(errors).toHaveBeenCalledTimes(2);
    errors.mockRestore();
  });

  it('uses the one-URL message for a single URL that fails, and none when all worked', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    const failedOne = await runUrlBatch(['https://h/x'], async () => {
      throw new Error('Erro ao fazer download');
    });
    expect(failedOne).toEqual({ done: [], failed: ['https://h/x'], error: ONE });
    const allGood = await runUrlBatch(['https://h/a', 'https://h/b'], async (url) => url.length);
    expect(allGood).toEqual({ done: [11, 11], failed: [], error: null });
    expect(remainingText(allGood)).toBe('');
    errors.mockRestore();
  });
});
