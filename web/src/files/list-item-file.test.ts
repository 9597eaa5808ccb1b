import { describe, expect, it } from 'vitest';
import { findCollection } from '@console/shared';
import { applyUploadedFileToItem, isFileListItem, itemFieldNames } from './list-item-file';

const file = (filename: string) => ({ url: `https://cdn/${filename}`, filename });
const FILES = ['FileType', 'FileExtension', 'FileCDNURL'];
const PROJECT_FILES = ['project', 'FileExtension', 'FileCDNURL'];

describe('lists of files (document 1 §5)', () => {
  it('recognises the product lists of files by FileCDNURL', () => {
    const product = findCollection('main', 'product')!;
    const productFiles = product.fields.find((f) => f.name === 'ProductFiles');
    const projectFiles = product.fields.find((f) => f.name === 'projectFiles');
    expect(productFiles?.type === 'struct' && productFiles.fields[0]?.type === 'array_struct' && itemFieldNames(productFiles.fields[0].fields)).toEqual(FILES);
    expect(projectFiles?.type === 'array_struct' && itemFieldNames(projectFiles.fields)).toEqual(PROJECT_FILES);
    expect(isFileListItem(FILES)).toBe(true);
    expect(isFileListItem(['query'])).toBe(false);
  });

  it("fills the URL, the extension in upper case and an empty image FileType with 'PD'", () => {
    for (const name of ['a.jpg', 'b.JPEG', 'c.png', 'd.gif', 'e.webp', 'f.bmp', 'g.svg']) {
      const next = applyUploadedFileToItem({ other: 1 }, file(name), FILES);
      expect(next).toEqual({ other: 1, FileCDNURL: `https://cdn/${name}`, FileExtension: name.split('.')[1]!.toUpperCase(), FileType: 'PD' });
    }
    expect(applyUploadedFileToItem({ FileType: '' }, file('x.png'), FILES).FileType).toBe('PD');
  });

  it('keeps a FileType already chosen, and sets none for other extensions', () => {
    expect(applyUploadedFileToItem({ FileType: 'DW' }, file('x.png'), FILES).FileType).toBe('DW');
    const pdf = applyUploadedFileToItem({}, file('manual.pdf'), FILES);
    expect(pdf).toEqual({ FileCDNURL: 'https://cdn/manual.pdf', FileExtension: 'PDF' });
    expect('FileType' in pdf).toBe(false);
    expect(applyUploadedFileToItem({ FileType: 'IX' }, file('manual.pdf'), FILES).FileType).toBe('IX');
  });

  it('fills only the fields the item has', () => {
    expect(applyUploadedFileToItem({ project: 'main' }, file('x.jpg'), PROJECT_FILES)).toEqual({
      project: 'main',
      FileCDNURL: 'https://cdn/x.jpg',
      FileExtension: 'JPG',
    });
    expect(applyUploadedFileToItem({}, file('x.jpg'), ['FileCDNURL'])).toEqual({ FileCDNURL: 'https://cdn/x.jpg' });
  });

  it('takes the extension from the path when the name has none, and empties it when neither has one', () => {
    expect(applyUploadedFileToItem({}, { url: 'u', filename: '', filePath: 'editor/r.foto.PNG' }, FILES)).toEqual({
      FileCDNURL: 'u',
      FileExtension: 'PNG',
      FileType: 'PD',
    });
    expect(applyUploadedFileToItem({ FileExtension: 'JPG' }, file('LEIAME'), FILES).FileExtension).toBe('');
  });
});
