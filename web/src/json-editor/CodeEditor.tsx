import { Box } from '@chakra-ui/react';
import { useEffect, useRef, type RefObject } from 'react';
import { EditorState, type Extension } from '@codemirror/state';
import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { drawSelection, EditorView, highlightActiveLine, highlightActiveLineGutter, highlightSpecialChars, keymap, lineNumbers } from '@codemirror/view';
import { bracketMatching, defaultHighlightStyle, foldGutter, foldKeymap, indentOnInput, syntaxHighlighting } from '@codemirror/language';
import { json } from '@codemirror/lang-json';

const extensions = (label: string, describedBy?: string): Extension[] => [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  foldGutter(),
  drawSelection(),
  history(),
  indentOnInput(),
  syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
  bracketMatching(),
  highlightActiveLine(),
  keymap.of([...defaultKeymap, ...historyKeymap, ...foldKeymap, indentWithTab]),
  json(),
  EditorView.lineWrapping,
  EditorView.contentAttributes.of({ 'aria-label': label, ...(describedBy ? { 'aria-describedby': describedBy } : {}) }),
  EditorView.theme({
    '&': { height: '100%', fontSize: '13px' },
    '.cm-scroller': { overflow: 'auto', fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
    // The ring inside the editor's box: its host clips anything drawn outside it.
    '&.cm-focused': { outline: '2px solid var(--chakra-colors-blue-600)', outlineOffset: '-2px' },
  }),
];

/**
 * CodeMirror 6 over `initialText`; `viewRef` reads the text when saving. Tab indents
 * (indentWithTab); Esc then Tab leaves the editor (CodeMirror's tab focus mode), which
 * `describedBy` (a visible hint) tells the operator.
 */
export function CodeEditor({
  initialText,
  label,
  describedBy,
  viewRef,
}: {
  initialText: string;
  label: string;
  describedBy?: string;
  viewRef: RefObject<EditorView | null>;
}) {
  const host = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const view = new EditorView({
      parent: host.current!,
      state: EditorState.create({ doc: initialText, extensions: extensions(label, describedBy) }),
    });
    viewRef.current = view;
    view.focus();
    return () => {
      view.destroy();
      viewRef.current = null;
    };
  }, [initialText, label, describedBy, viewRef]);

  return <Box ref={host} h="full" minH="0" borderWidth="1px" borderRadius="md" overflow="hidden" data-testid="json-editor" />;
}
