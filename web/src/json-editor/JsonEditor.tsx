/**
 * The full-screen JSON editor (spec document 1 §2 screen 5): the whole stored document as JSON,
 * Salvar and Cancelar. Loaded on demand (React.lazy) so CodeMirror stays out of the main chunks.
 */
import { Alert, Button, Center, Code, Dialog, HStack, List, Portal, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { getDoc, serverTimestamp, setDoc, type DocumentReference } from 'firebase/firestore';
import type { EditorView } from '@codemirror/view';
import { toaster } from '../app/toaster';
import { CodeEditor } from './CodeEditor';
import { JSON_EDITOR_TEXTS } from './constants';
import { documentToJson, InvalidJsonError, jsonToDocument } from './json-document';

/** One part of the document that does not fit the collection's fields. */
export interface SchemaProblem {
  path: string;
  message: string;
}

export interface JsonEditorProps {
  docRef: DocumentReference;
  /** project/collection/doc, shown in the title. */
  path: string;
  /** The collection's schema check: what does not fit, or nothing. */
  validate(data: Record<string, unknown>): SchemaProblem[];
  onClose(): void;
}

type Loaded = { status: 'loading' } | { status: 'ready'; text: string } | { status: 'failed'; message: string };

const detail = (error: unknown) => (error instanceof Error ? error.message : String(error));

export default function JsonEditor({ docRef, path, validate, onClose }: JsonEditorProps) {
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [problem, setProblem] = useState<{ message: string; details: SchemaProblem[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const viewRef = useRef<EditorView | null>(null);

  useEffect(() => {
    let active = true;
    getDoc(docRef).then(
      (snapshot) => {
        if (!active) return;
        if (!snapshot.exists()) return setLoaded({ status: 'failed', message: JSON_EDITOR_TEXTS.notFound });
        try {
          setLoaded({ status: 'ready', text: documentToJson(snapshot.data()) });
        } catch (error) {
          setLoaded({ status: 'failed', message: JSON_EDITOR_TEXTS.toJsonFailed(detail(error)) });
        }
      },
      (error) => active && setLoaded({ status: 'failed', message: JSON_EDITOR_TEXTS.loadFailed(detail(error)) }),
    );
    return () => {
      active = false;
    };
  }, [docRef]);

  async function save() {
    if (!viewRef.current || saving) return;
    setProblem(null);
    let data: Record<string, unknown>;
    try {
      data = jsonToDocument(viewRef.current.state.doc.toString());
    } catch (error) {
      const message = error instanceof InvalidJsonError ? JSON_EDITOR_TEXTS.invalidJson(error.message) : detail(error);
      return setProblem({ message, details: [] });
    }
    const problems = validate(data);
    if (problems.length > 0) return setProblem({ message: JSON_EDITOR_TEXTS.schemaRefused, details: problems });

    setSaving(true);
    try {
      // The whole document is replaced: a key removed in the text is removed from the record.
      await setDoc(docRef, { ...data, updatedAt: serverTimestamp() });
      toaster.create({ type: 'success', title: JSON_EDITOR_TEXTS.saved });
      onClose();
    } catch (error) {
      console.error(error);
      setProblem({ message: JSON_EDITOR_TEXTS.saveFailed(detail(error)), details: [] });
      setSaving(false);
    }
  }

  return (
    <Dialog.Root
      open
      size="full"
      onOpenChange={(details) => !details.open && onClose()}
      closeOnInteractOutside={false}
      // Esc in the code editor is CodeMirror's way out (the next Tab leaves the editor), not a
      // close: the dialog keeps itself open and sets that mode, as its prevented Esc no longer
      // reaches CodeMirror. Esc anywhere else in the dialog closes it.
      onEscapeKeyDown={(event) => {
        if (!(event.target instanceof Element && event.target.closest('.cm-editor'))) return;
        event.preventDefault();
        viewRef.current?.setTabFocusMode(2000);
      }}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content h="100dvh">
            <Dialog.Header alignItems="baseline">
              <Dialog.Title>{JSON_EDITOR_TEXTS.title}</Dialog.Title>
              <Code fontSize="xs" variant="surface">
                {path}
              </Code>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3" minH="0">
              {problem && (
                <Alert.Root status="error" role="alert" flex="none">
                  <Alert.Indicator />
                  <Alert.Content>
                    <Alert.Title>{problem.message}</Alert.Title>
                    {problem.details.length > 0 && (
                      <Alert.Description asChild>
                        <List.Root ps="4" fontSize="sm" data-testid="json-schema-problems">
                          {problem.details.map((p) => (
                            <List.Item key={`${p.path}:${p.message}`}>
                              <Code fontSize="xs">{p.path || '(documento)'}</Code> {p.message}
                            </List.Item>
                          ))}
                        </List.Root>
                      </Alert.Description>
                    )}
                  </Alert.Content>
                </Alert.Root>
              )}
              {loaded.status === 'loading' && (
                <Center flex="1">
                  <Spinner size="lg" color="blue.500" role="status" aria-label={JSON_EDITOR_TEXTS.loading} />
                </Center>
              )}
              {loaded.status === 'failed' && (
                <Alert.Root status="error" role="alert" flex="none">
                  <Alert.Indicator />
                  <Alert.Title>{loaded.message}</Alert.Title>
                </Alert.Root>
              )}
              {loaded.status === 'ready' && (
                <Stack flex="1" minH="0">
                  <CodeEditor initialText={loaded.text} label={JSON_EDITOR_TEXTS.editorLabel} describedBy="json-editor-keyboard" viewRef={viewRef} />
                  <Text id="json-editor-keyboard" fontSize="xs" color="fg.muted" flex="none">
                    {JSON_EDITOR_TEXTS.keyboardHint}
                  </Text>
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <HStack gap="2">
                <Button size="sm" variant="outline" onClick={onClose} disabled={saving}>
                  {JSON_EDITOR_TEXTS.cancel}
                </Button>
                <Button size="sm" colorPalette="blue" loading={saving} disabled={loaded.status !== 'ready'} onClick={() => void save()}>
                  {JSON_EDITOR_TEXTS.save}
                </Button>
              </HStack>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
