import { Box, chakra, Spinner, Text } from '@chakra-ui/react';
import { Suspense, useCallback, useMemo, useState } from 'react';
import { toFlatLayout, treeFromFlat, type FlatLayout, type LayoutTree } from '@console/shared';
import { FieldShell } from '../parts/FieldShell';
import { useFormDocument } from '../data/form-document';
import { ReadOnlyField } from './ReadOnlyField';
import { useLatestValue } from '../../files/use-latest-value';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { LAYOUT_FIELD_TEXTS as LAYOUT_TEXTS } from '../texts';
import { projectDocument } from '../../lib/firestore-paths';
import { fieldKey } from '../values/field-key';
import { useLayoutEditor, type LayoutEditorProps } from '../data/layout-editor-slot';

/**
 * The `editor-layout` field: a summary of the layout; a click opens the editor in a full-width
 * drawer (the layout editor the screen gives, loaded when a layout is first opened). Its value saves through the form's autosave like any field. A stored value that is not a
 * layout is shown read-only and never overwritten.
 */
export function LayoutEditorField(props: FieldWidgetProps<FieldOfType<'editor-layout'>>) {
  const { field, value, disabled } = props;
  /** The layout as it was when the drawer opened (the drawer follows the stored layout from there). */
  const [opened, setOpened] = useState<{ tree: LayoutTree; base: FlatLayout } | null>(null);
  const formDocument = useFormDocument();
  const LayoutEditorDrawer = useLayoutEditor();
  const { set } = useLatestValue(value, props.onChange);
  // The stored form (flat; a layout still stored nested is read the same way and written flat on its first save).
  const base = useMemo(() => toFlatLayout(value), [value]);
  const change = useCallback((next: unknown) => set(next), [set]);
  const close = useCallback(() => setOpened(null), []);
  // A stored record: the editor saves its operations there itself and shows others' live.
  const { projectId, collectionId, docId } = formDocument;
  const key = fieldKey(field);
  const target = useMemo<LayoutEditorProps['target']>(
    () => (projectId && collectionId && docId ? { ref: projectDocument(projectId, collectionId, docId), field: key } : null),
    [projectId, collectionId, docId, key],
  );
  if (!base || !LayoutEditorDrawer) return <ReadOnlyField {...props} />;
  const count = Object.keys(base.nodes).length - 1;
  return (
    <FieldShell field={field} disabled={disabled}>
      <chakra.button
        type="button"
        aria-label={`${field.title}: ${LAYOUT_TEXTS.open}`}
        data-testid="layout-field"
        disabled={disabled}
        onClick={() => setOpened({ tree: treeFromFlat(base), base })}
        w="full"
        textAlign="start"
        borderWidth="1px"
        rounded="md"
        px="3"
        py="2"
        bg="bg.subtle"
        cursor={disabled ? 'default' : 'pointer'}
        _hover={disabled ? undefined : { bg: 'bg.muted' }}
      >
        <Text fontSize="sm" fontWeight="medium">
          {LAYOUT_TEXTS.open}
        </Text>
      </chakra.button>
      {/* Outside the button: its visible text stays part of its accessible name (axe). */}
      <Text fontSize="xs" color="fg.muted" mt="1">
        {LAYOUT_TEXTS.components(count)}
      </Text>
      {opened && (
        <Suspense
          fallback={
            <Box position="fixed" inset="0" display="grid" placeItems="center">
              <Spinner />
            </Box>
          }
        >
          <LayoutEditorDrawer
            field={field}
            initial={opened.tree}
            base={opened.base}
            target={target}
            onChange={change}
            onClose={close}
            document={formDocument}
          />
        </Suspense>
      )}
    </FieldShell>
  );
}
