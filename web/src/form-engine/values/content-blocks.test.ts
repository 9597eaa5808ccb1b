import { describe, expect, it } from 'vitest';
import { contentWithBlocks, editableBlock, headerLevel, imageUrl, newBlock, readContent, withImageUrl } from './content-blocks';

describe('content blocks', () => {
  it('reads missing content as no blocks and keeps what sits beside the blocks', () => {
    expect(readContent(undefined)).toEqual({ rest: {}, blocks: [] });
    const content = readContent({ time: 1, version: '2.28', blocks: [{ type: 'paragraph', data: { text: 'a' } }] });
    expect(content?.rest).toEqual({ time: 1, version: '2.28' });
    expect(contentWithBlocks(content!, [])).toEqual({ time: 1, version: '2.28', blocks: [] });
  });

  it('refuses content that is not an object with a list of blocks', () => {
    expect(readContent('<p>html</p>')).toBeNull();
    expect(readContent({ blocks: 'x' })).toBeNull();
    expect(readContent([1])).toBeNull();
  });

  it('edits only the blocks of the paragraph, header, code and image tools', () => {
    expect(editableBlock({ type: 'paragraph', data: { text: 'a' } })).not.toBeNull();
    expect(editableBlock({ type: 'image', data: {} })).not.toBeNull();
    expect(editableBlock({ type: 'table', data: {} })).toBeNull();
    expect(editableBlock({ type: 'paragraph' })).toBeNull();
    expect(editableBlock('texto')).toBeNull();
  });

  it('creates empty blocks of each kind as { type, data }', () => {
    expect(newBlock('paragraph')).toEqual({ type: 'paragraph', data: { text: '' } });
    expect(newBlock('header')).toEqual({ type: 'header', data: { text: '', level: 2 } });
    expect(newBlock('code')).toEqual({ type: 'code', data: { code: '' } });
    expect(newBlock('image')).toEqual({ type: 'image', data: { url: '', caption: '' } });
  });

  it('reads a header level from 1 to 6, else 2', () => {
    expect(headerLevel({ level: 3 })).toBe(3);
    expect(headerLevel({ level: '4' })).toBe(4);
    expect(headerLevel({ level: 9 })).toBe(2);
    expect(headerLevel({})).toBe(2);
  });

  it('reads and writes an image address where the block keeps it', () => {
    expect(imageUrl({ url: 'https://a/x.jpg' })).toBe('https://a/x.jpg');
    expect(imageUrl({ file: { url: 'https://a/y.jpg' } })).toBe('https://a/y.jpg');
    expect(imageUrl({})).toBe('');
    expect(withImageUrl({ file: { url: 'old', width: 3 }, caption: 'c' }, 'new')).toEqual({ file: { url: 'new', width: 3 }, caption: 'c' });
    expect(withImageUrl({ caption: 'c' }, 'new')).toEqual({ caption: 'c', url: 'new' });
  });
});
