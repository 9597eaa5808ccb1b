import { Box, chakra, Spinner, Text } from '@chakra-ui/react';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { layoutFromStored } from '@console/shared';
import { FieldShell } from '../form-engine/parts/FieldShell';
import { useFormDocument } from '../form-engine/data/form-document';
import { ReadOnlyField } from '../form-engine/widgets/ReadOnlyField';
import { useLatestValue } from '../files/use-latest-value';
import type { FieldOfType, FieldWidgetProps } from '../form-engine/types';
import { LAYOUT_TEXTS } from './texts';

// The editor (and its drag-and-drop library) loads when a layout is first opened.
const LayoutEditorDrawer = lazy(() => import('./LayoutEditorDrawer'));

/**
 * The `editor-layout` field: a summary of the layout; a click opens the editor in a full-width
 * drawer. Its value saves through the form's autosave like any field. A stored value that is not a
 * layout is shown read-only and never overwritten.
 */
export function LayoutEditorField(props: FieldWidgetProps<FieldOfType<'editor-layout'>>) {
  const { field, value, disabled } = props;
  const [open, setOpen] = useState(false);
  const formDocument = useFormDocument();
  const { set } = useLatestValue(value, props.onChange);
  // The stored value is read (parsed, checked) while the drawer is closed: while it is open every
  // keystroke changes the value, and the drawer holds the layout itself (issue 22: no whole-layout
  // work per keystroke).
  const parsed = useMemo(() => (open ? null : layoutFromStored(value)), [open, value]);
  const [lastParsed, setLastParsed] = useState(parsed);
  if (parsed !== null && parsed !== lastParsed) setLastParsed(parsed);
  const opened = parsed ?? lastParsed!;
  const change = useCallback((next: unknown) => set(next), [set]);
  const close = useCallback(() => setOpen(false), []);
  if (!opened.ok) return <ReadOnlyField {...props} />;
  const count = opened.value.nodes.size - 1;
  return (
    <FieldShell field={field} disabled={disabled}>
      <chakra.button
        type="button"
        aria-label={`${field.title}: ${LAYOUT_TEXTS.open}`}
        data-testid="layout-field"
        disabled={disabled}
        onClick={() => setOpen(true)}
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
      {open && (
        <Suspense
          fallback={
            <Box position="fixed" inset="0" display="grid" placeItems="center">
              <Spinner />
            </Box>
          }
        >
          <LayoutEditorDrawer field={field} initial={opened.value} onChange={change} onClose={close} document={formDocument} />
        </Suspense>
      )}
    </FieldShell>
  );
}
