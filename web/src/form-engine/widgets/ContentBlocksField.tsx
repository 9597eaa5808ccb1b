import type { ComponentField, FieldDefinition } from '@console/shared';
import {
  CONTENT_BLOCK_LABELS,
  CONTENT_BLOCKS_COMPONENT,
  CONTENT_TOOL_SETS,
  contentWithBlocks,
  DEFAULT_CONTENT_TOOL_SET,
  editableBlock,
  newBlock,
  readContent,
} from '../values/content-blocks';
import { ContentBlockEditor } from '../parts/ContentBlockEditor';
import { ItemList } from '../parts/ItemList';
import { JsonPreview } from '../parts/JsonPreview';
import { FORM_TEXTS } from '../texts';
import type { FieldWidgetProps } from '../types';

/**
 * `content` of a document whose collection defines no fields (the default collection 'block'):
 * rich-text blocks of the 'PARAGRAPH_HEADER_CODE_IMAGE' tool set, stored as { blocks: [{ type, data }] }.
 */
export const CONTENT_BLOCKS_FIELD: ComponentField = {
  name: 'content',
  title: 'Conteúdo',
  type: 'component',
  component: CONTENT_BLOCKS_COMPONENT,
};

/** The form's fields: a collection that defines none is edited as content blocks. */
export function withContentBlocks(fields: readonly FieldDefinition[]): readonly FieldDefinition[] {
  return fields.length > 0 ? fields : [CONTENT_BLOCKS_FIELD];
}

function blockLabel(index: number, block: unknown): string {
  const known = editableBlock(block);
  const kind = known ? CONTENT_BLOCK_LABELS[known.type as keyof typeof CONTENT_BLOCK_LABELS] : null;
  return `Bloco ${index + 1}${kind ? `: ${kind}` : ''}`;
}

export function ContentBlocksField(props: FieldWidgetProps) {
  const { value, onChange, disabled } = props;
  const content = readContent(value);
  return (
    <ItemList
      widget={props}
      items={content?.blocks ?? null}
      onItemsChange={(blocks) => content && onChange(contentWithBlocks(content, blocks))}
      itemLabel={blockLabel}
      addActions={CONTENT_TOOL_SETS[DEFAULT_CONTENT_TOOL_SET].map((type) => ({
        label: `${FORM_TEXTS.add} ${CONTENT_BLOCK_LABELS[type]}`,
        create: () => newBlock(type),
      }))}
      renderItem={(block, _index, replace) => {
        const known = editableBlock(block);
        // Blocks of other tools are kept as stored, and may still be moved or removed.
        return known ? <ContentBlockEditor block={known} disabled={disabled} onChange={replace} /> : <JsonPreview value={block} />;
      }}
    />
  );
}
