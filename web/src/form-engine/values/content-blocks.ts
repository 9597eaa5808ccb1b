import { isPlainObject } from './field-key';

/**
 * A document whose collection defines no fields holds `content`: rich-text blocks stored as
 * { blocks: [{ type, data }] } (document 1 §3 'Generic documents'). The default tool set is
 * 'PARAGRAPH_HEADER_CODE_IMAGE'.
 */

/** Component name of the content-blocks editor (a `component` field, so any definition may use it). */
export const CONTENT_BLOCKS_COMPONENT = 'content-blocks';

export const CONTENT_TOOL_SETS = {
  PARAGRAPH_HEADER_CODE_IMAGE: ['paragraph', 'header', 'code', 'image'],
} as const;
export type ContentToolSet = keyof typeof CONTENT_TOOL_SETS;
export const DEFAULT_CONTENT_TOOL_SET: ContentToolSet = 'PARAGRAPH_HEADER_CODE_IMAGE';
export type ContentBlockType = (typeof CONTENT_TOOL_SETS)[ContentToolSet][number];

export const CONTENT_BLOCK_LABELS: Record<ContentBlockType, string> = {
  paragraph: 'Parágrafo',
  header: 'Título',
  code: 'Código',
  image: 'Imagem',
};

export interface ContentBlock {
  type: string;
  data: Record<string, unknown>;
  [key: string]: unknown;
}

export interface ContentValue {
  /** The stored object without its blocks (time, version...: kept on save). */
  rest: Record<string, unknown>;
  /** Each stored block as it is; the ones that are not a known block are shown read-only. */
  blocks: unknown[];
}

/** The stored content, or null when it is not { blocks: [...] } (then shown read-only, never rewritten). */
export function readContent(value: unknown): ContentValue | null {
  if (value === undefined || value === null) return { rest: {}, blocks: [] };
  if (!isPlainObject(value)) return null;
  const { blocks, ...rest } = value;
  if (blocks === undefined) return { rest, blocks: [] };
  return Array.isArray(blocks) ? { rest, blocks } : null;
}

export function contentWithBlocks(content: ContentValue, blocks: unknown[]): Record<string, unknown> {
  return { ...content.rest, blocks };
}

/** A block this editor knows how to edit (another tool's block is kept and shown as JSON). */
export function editableBlock(block: unknown): ContentBlock | null {
  if (!isPlainObject(block) || !isPlainObject(block.data) || typeof block.type !== 'string') return null;
  return (CONTENT_TOOL_SETS[DEFAULT_CONTENT_TOOL_SET] as readonly string[]).includes(block.type) ? (block as ContentBlock) : null;
}

export function newBlock(type: ContentBlockType): ContentBlock {
  switch (type) {
    case 'paragraph':
      return { type, data: { text: '' } };
    case 'header':
      return { type, data: { text: '', level: 2 } };
    case 'code':
      return { type, data: { code: '' } };
    case 'image':
      return { type, data: { url: '', caption: '' } };
  }
}

export const HEADER_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** A header's level, 2 when missing or out of range. */
export function headerLevel(data: Record<string, unknown>): number {
  const level = Number(data.level);
  return Number.isInteger(level) && level >= 1 && level <= 6 ? level : 2;
}

/** An image block's address: `url`, or `file.url` as Editor.js' image tool stores it. */
export function imageUrl(data: Record<string, unknown>): string {
  if (typeof data.url === 'string') return data.url;
  if (isPlainObject(data.file) && typeof data.file.url === 'string') return data.file.url;
  return '';
}

/** The block data with a new address, written where the block already keeps it. */
export function withImageUrl(data: Record<string, unknown>, url: string): Record<string, unknown> {
  if (typeof data.url !== 'string' && isPlainObject(data.file)) return { ...data, file: { ...data.file, url } };
  return { ...data, url };
}

export function blockText(data: Record<string, unknown>, key: 'text' | 'code' | 'caption'): string {
  const value = data[key];
  return typeof value === 'string' ? value : '';
}
