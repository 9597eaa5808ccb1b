import { Box, Button, Field, Input, NativeSelect, Stack, Text, Textarea } from '@chakra-ui/react';
import { useCallback, useMemo } from 'react';
import { nodeSpec, type EditorLayoutField, type LayoutPropSpec } from '@console/shared';
import { EditorField, FileField, ImageField, VideoField } from '../../form-engine/media-widgets';
import { useLayoutDocument } from '../layout-document';
import { useCollectionDocs } from '../../form-engine/document-data';
import { productCodes, useCatalogueProducts } from '../catalogue';
import { nodeLabel } from '../canvas/node-views';
import { currentSelection, currentTree } from '../reducer';
import { useEditorSelector, useLayoutStore } from '../store';
import { LAYOUT_TEXTS } from '../texts';
import { SAMPLE_PRODUCT_CODE } from '../sample-product';

interface PropEditorProps {
  nodeId: string;
  spec: LayoutPropSpec;
  value: unknown;
  /** The layout field: where its uploads go. */
  field: EditorLayoutField;
  onChange(value: unknown): void;
  onDone(): void;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

function ContentIdSelect({ value, onChange, label }: { value: string; onChange(value: string): void; label: string }) {
  const { projectId, collectionId, docId } = useLayoutDocument();
  const docs = useCollectionDocs({ projectId, collection: 'content' });
  const self = collectionId === 'content' ? docId : null;
  const options = docs.status === 'ready' ? docs.docs : [];
  const known = value === '' || options.some((d) => d.id === value);
  const selfChosen = value !== '' && value === self;
  return (
    <Field.Root invalid={selfChosen}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field
          value={value}
          onChange={(event) => {
            const next = event.target.value;
            // A content that includes itself would never finish rendering: refused here.
            if (next !== '' && next === self) {
              window.alert(LAYOUT_TEXTS.contentSelf);
              return;
            }
            onChange(next);
          }}
        >
          <option value="">{LAYOUT_TEXTS.noneOption}</option>
          {!known && <option value={value}>{`${value} (não encontrado)`}</option>}
          {options.map((d) => (
            <option key={d.id} value={d.id} disabled={d.id === self}>
              {typeof d.data.title === 'string' && d.data.title ? `${d.data.title} (${d.id})` : d.id}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {selfChosen && <Field.ErrorText>{LAYOUT_TEXTS.contentSelf}</Field.ErrorText>}
    </Field.Root>
  );
}

function ProductIdsInput({ value, onChange, onDone, label }: { value: string; onChange(value: string): void; onDone(): void; label: string }) {
  const { projectId } = useLayoutDocument();
  const codes = useMemo(() => productCodes(value), [value]);
  const lookup = useCatalogueProducts(projectId, codes);
  const unknown = codes.filter((code) => lookup(code).status === 'missing');
  return (
    <Field.Root invalid={unknown.length > 0}>
      <Field.Label>{label}</Field.Label>
      <Input
        size="sm"
        value={value}
        placeholder={SAMPLE_PRODUCT_CODE}
        onChange={(event) => onChange(event.target.value)}
        onBlur={() => {
          // Stored as the spec's comma list: trimmed, blanks dropped.
          const normal = productCodes(value).join(',');
          if (normal !== value) onChange(normal);
          onDone();
        }}
      />
      {unknown.length > 0 && <Field.ErrorText role="alert">{LAYOUT_TEXTS.productsUnknown(unknown)}</Field.ErrorText>}
    </Field.Root>
  );
}

function PropEditor({ nodeId, spec, value, field, onChange, onDone }: PropEditorProps) {
  const fileField = useMemo(
    () => ({ name: spec.name, title: spec.title, path: field.path, isPublic: field.isPublic }),
    [spec.name, spec.title, field.path, field.isPublic],
  );
  switch (spec.kind) {
    case 'richText':
      return (
        <Box onBlur={onDone}>
          <EditorField field={{ name: `${nodeId}-${spec.name}`, title: spec.title, type: 'editor' }} value={str(value)} onChange={onChange} />
        </Box>
      );
    case 'image':
      return <ImageField field={{ ...fileField, type: 'image' }} value={value} onChange={onChange} />;
    case 'video':
      return <VideoField field={{ ...fileField, type: 'video' }} value={value} onChange={onChange} />;
    case 'file':
      return <FileField field={{ ...fileField, type: 'file' }} value={value} onChange={onChange} />;
    case 'contentId':
      return <ContentIdSelect value={str(value)} onChange={onChange} label={spec.title} />;
    case 'productIds':
      return <ProductIdsInput value={str(value)} onChange={onChange} onDone={onDone} label={spec.title} />;
    case 'html':
      return (
        <Field.Root>
          <Field.Label>{spec.title}</Field.Label>
          <Textarea size="sm" fontFamily="mono" rows={6} value={str(value)} onChange={(e) => onChange(e.target.value)} onBlur={onDone} />
        </Field.Root>
      );
    case 'className':
    case 'href':
      return (
        <Field.Root>
          <Field.Label>{spec.title}</Field.Label>
          <Input size="sm" value={str(value)} onChange={(e) => onChange(e.target.value)} onBlur={onDone} />
        </Field.Root>
      );
  }
}

/** One property of the selected node, bound to the store. */
function BoundProp({ nodeId, spec, field }: { nodeId: string; spec: LayoutPropSpec; field: EditorLayoutField }) {
  const store = useLayoutStore();
  const value = useEditorSelector((s) => currentTree(s).nodes.get(nodeId)?.props[spec.name]);
  const onChange = useCallback((next: unknown) => store.dispatch({ type: 'setProps', id: nodeId, patch: { [spec.name]: next } }), [store, nodeId, spec.name]);
  const onDone = useCallback(() => store.dispatch({ type: 'closeStep' }), [store]);
  return <PropEditor nodeId={nodeId} spec={spec} value={value} field={field} onChange={onChange} onDone={onDone} />;
}

/** The right panel's properties of the selected node, with its delete button. */
export function PropertyPanel({ field }: { field: EditorLayoutField }) {
  const store = useLayoutStore();
  const selected = useEditorSelector(currentSelection);
  const node = useEditorSelector((s) => (selected ? currentTree(s).nodes.get(selected) : undefined));
  const isRoot = useEditorSelector((s) => currentTree(s).rootId === selected);
  const spec = node ? nodeSpec(node.type) : null;
  return (
    <Stack p="3" gap="3" overflowY="auto" maxH="55%" flex="none" aria-label={LAYOUT_TEXTS.properties} role="region" data-testid="property-panel">
      <Text fontWeight="semibold" fontSize="sm">
        {LAYOUT_TEXTS.properties}
        {node ? ` — ${nodeLabel(node.type, {})}` : ''}
      </Text>
      {!node && (
        <Text fontSize="sm" color="fg.muted">
          {LAYOUT_TEXTS.noSelection}
        </Text>
      )}
      {node && !spec && <Text fontSize="sm">{LAYOUT_TEXTS.unknownType(node.type)}</Text>}
      {node && spec && spec.props.map((prop) => <BoundProp key={`${node.id}:${prop.name}`} nodeId={node.id} spec={prop} field={field} />)}
      {node && (
        <Button size="sm" colorPalette="red" variant="outline" disabled={isRoot} onClick={() => store.dispatch({ type: 'remove', id: node.id })}>
          {LAYOUT_TEXTS.delete}
        </Button>
      )}
    </Stack>
  );
}
