import { Input, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { blockText, headerLevel, HEADER_LEVELS, imageUrl, withImageUrl, type ContentBlock } from '../values/content-blocks';
import { EditorField } from '../widgets/EditorField';
import { FieldShell } from './FieldShell';
import { isWebUrl } from '../values/rich-text';
import { SelectField } from '../widgets/SelectField';
import { TextareaField } from '../widgets/TextareaField';
import { TextField } from '../widgets/TextField';
import { FORM_TEXTS } from '../texts';

const LEVEL_OPTIONS = HEADER_LEVELS.map((level) => ({ value: String(level), label: `H${level}` }));

/** The inputs of one content block; each edit hands back the whole block, other data kept. */
export function ContentBlockEditor({ block, onChange, disabled }: { block: ContentBlock; onChange(block: ContentBlock): void; disabled?: boolean }) {
  const { data } = block;
  const set = (changes: Record<string, unknown>) => onChange({ ...block, data: { ...data, ...changes } });
  switch (block.type) {
    case 'paragraph':
      return (
        <EditorField
          field={{ name: 'text', title: 'Texto', type: 'editor' }}
          value={blockText(data, 'text')}
          disabled={disabled}
          onChange={(text) => set({ text })}
        />
      );
    case 'header':
      return (
        <Stack gap="3">
          <SelectField
            field={{ name: 'level', title: 'Nível', type: 'select', options: LEVEL_OPTIONS, placeholder: 'H2' }}
            value={String(headerLevel(data))}
            disabled={disabled}
            onChange={(level) => set({ level: level === null ? 2 : Number(level) })}
          />
          <TextField
            field={{ name: 'text', title: 'Texto', type: 'text' }}
            value={blockText(data, 'text')}
            disabled={disabled}
            onChange={(text) => set({ text })}
          />
        </Stack>
      );
    case 'code':
      return (
        <TextareaField
          field={{ name: 'code', title: 'Código', type: 'textarea', rows: 6 }}
          value={blockText(data, 'code')}
          disabled={disabled}
          onChange={(code) => set({ code })}
        />
      );
    case 'image':
      return (
        <Stack gap="3">
          <ImageUrlInput url={imageUrl(data)} disabled={disabled} onChange={(url) => onChange({ ...block, data: withImageUrl(data, url) })} />
          <TextField
            field={{ name: 'caption', title: 'Legenda', type: 'text' }}
            value={blockText(data, 'caption')}
            disabled={disabled}
            onChange={(caption) => set({ caption })}
          />
        </Stack>
      );
    default:
      // editableBlock() lets only the tool set's kinds through.
      return null;
  }
}

/** An image address: a pasted one must start with http:// or https://, else nothing is pasted. */
function ImageUrlInput({ url, onChange, disabled }: { url: string; onChange(url: string): void; disabled?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  return (
    <FieldShell field={{ name: 'url', title: 'URL da imagem', type: 'text' }} disabled={disabled} error={error}>
      <Input
        value={url}
        inputMode="url"
        placeholder="https://"
        onChange={(e) => {
          setError(null);
          onChange(e.target.value);
        }}
        onPaste={(e) => {
          if (isWebUrl(e.clipboardData.getData('text/plain'))) return;
          e.preventDefault();
          setError(FORM_TEXTS.invalidUrl);
        }}
        onBlur={() => setError(url.trim() === '' || isWebUrl(url) ? null : FORM_TEXTS.invalidUrl)}
      />
    </FieldShell>
  );
}
