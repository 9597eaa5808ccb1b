import { Box, HStack } from '@chakra-ui/react';
import { useId, useLayoutEffect, useRef, useState, type ClipboardEvent } from 'react';
import { FieldShell } from '../parts/FieldShell';
import { ReadOnlyField } from './ReadOnlyField';
import { isWebUrl, linkHtml, pastePlan, sanitizeRichText, storedRichText } from '../values/rich-text';
import { FORM_TEXTS } from '../texts';
import type { FieldOfType, FieldWidgetProps } from '../types';
import { ToolButton } from '../parts/WidgetParts';

type Command = 'bold' | 'italic' | 'insertOrderedList' | 'insertUnorderedList';

// `text` is the button's icon, `label` its name: an icon that reads as words ('1.') would have to
// be part of the name (axe: label-content-name-mismatch), so the numbered list shows the one
// symbol '⒈' (DIGIT ONE FULL STOP).
const TOOLS: Array<{ command: Command | 'link'; label: string; text: string }> = [
  { command: 'bold', label: 'Negrito', text: 'B' },
  { command: 'italic', label: 'Itálico', text: 'I' },
  { command: 'link', label: 'Link', text: 'Link' },
  { command: 'insertOrderedList', label: 'Lista numerada', text: '⒈' },
  { command: 'insertUnorderedList', label: 'Lista com marcadores', text: '•' },
];

/**
 * Rich text in a contentEditable area with a small toolbar (bold, italic, link, lists). What is
 * stored is sanitised to b, i, em, strong, a (href only), p, br, ol, ul, li; a pasted or typed
 * link must start with http:// or https://, else nothing is inserted and the operator is told why.
 */
export function EditorField(props: FieldWidgetProps<FieldOfType<'editor'>>) {
  const { field, value, onChange, disabled } = props;
  const labelId = useId();
  const area = useRef<HTMLDivElement>(null);
  /** The HTML last reported through onChange: a value equal to it came from this editor. */
  const reported = useRef<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const html = value === undefined || value === null ? '' : typeof value === 'string' ? value : null;

  useLayoutEffect(() => {
    // Only a value from outside (load, another tab) rewrites the area: rewriting while typing
    // would throw the caret away. Nothing is reported until the operator edits.
    if (area.current && html !== null && html !== reported.current) {
      area.current.innerHTML = sanitizeRichText(html);
      reported.current = html;
    }
  }, [html]);

  if (html === null) return <ReadOnlyField {...props} />;

  function report() {
    if (!area.current) return;
    const next = storedRichText(area.current.innerHTML);
    if (next === reported.current) return;
    reported.current = next;
    onChange(next);
  }

  /** The selection, when it is inside this editor. */
  function selectionHere(): Range | null {
    const selection = window.getSelection();
    if (!selection || selection.rangeCount === 0 || !area.current) return null;
    const range = selection.getRangeAt(0);
    return area.current.contains(range.commonAncestorContainer) ? range : null;
  }

  function restore(range: Range | null) {
    area.current?.focus();
    const selection = window.getSelection();
    if (!selection || !area.current) return;
    selection.removeAllRanges();
    if (range) {
      selection.addRange(range);
    } else {
      const end = document.createRange();
      end.selectNodeContents(area.current);
      end.collapse(false);
      selection.addRange(end);
    }
  }

  function insertLink(url: string, range: Range | null) {
    restore(range);
    if (range && !range.collapsed) document.execCommand('createLink', false, url);
    else document.execCommand('insertHTML', false, linkHtml(url));
  }

  function runTool(command: Command | 'link') {
    setError(null);
    if (command === 'link') {
      const range = selectionHere()?.cloneRange() ?? null;
      const answer = window.prompt(FORM_TEXTS.linkPrompt, 'https://');
      if (answer === null) return;
      if (!isWebUrl(answer)) {
        setError(FORM_TEXTS.invalidUrl);
        return;
      }
      insertLink(answer.trim(), range);
    } else {
      area.current?.focus();
      document.execCommand(command);
    }
    report();
  }

  function paste(event: ClipboardEvent<HTMLDivElement>) {
    event.preventDefault();
    const plan = pastePlan(event.clipboardData.getData('text/plain'), event.clipboardData.getData('text/html'));
    if (plan.kind === 'refuse') {
      setError(FORM_TEXTS.invalidUrl);
      return;
    }
    setError(null);
    if (plan.kind === 'link') insertLink(plan.url, selectionHere());
    else if (plan.kind === 'html') document.execCommand('insertHTML', false, sanitizeRichText(plan.html));
    else document.execCommand('insertText', false, plan.text);
    report();
  }

  return (
    <FieldShell field={field} disabled={disabled} labelId={labelId} error={error}>
      <Box borderWidth="1px" rounded="md" w="full" bg={disabled ? 'bg.muted' : 'bg'}>
        <HStack gap="1" borderBottomWidth="1px" px="2" py="1" role="toolbar" aria-label="Formatação">
          {TOOLS.map((tool) => (
            <ToolButton
              key={tool.command}
              label={tool.label}
              disabled={disabled}
              fontWeight={tool.command === 'bold' ? 'bold' : 'normal'}
              fontStyle={tool.command === 'italic' ? 'italic' : 'normal'}
              // Keep the selection in the text while the button is pressed.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => runTool(tool.command)}
            >
              {tool.text}
            </ToolButton>
          ))}
        </HStack>
        <Box
          ref={area}
          role="textbox"
          aria-multiline="true"
          aria-labelledby={labelId}
          aria-disabled={disabled || undefined}
          contentEditable={!disabled}
          px="3"
          py="2"
          minH="24"
          maxH="96"
          overflowY="auto"
          fontSize="sm"
          outline="none"
          // The area is the whole input: its ring shows where the keyboard is (inset, inside the border).
          _focusVisible={{ outline: '2px solid', outlineColor: 'blue.600', outlineOffset: '-2px' }}
          css={{
            '& p': { marginBottom: '0.5em' },
            '& ul': { paddingLeft: '1.5em', listStyleType: 'disc' },
            '& ol': { paddingLeft: '1.5em', listStyleType: 'decimal' },
            '& a': { color: 'blue.600', textDecoration: 'underline' },
          }}
          onFocus={() => document.execCommand('defaultParagraphSeparator', false, 'p')}
          onInput={() => {
            setError(null);
            report();
          }}
          onPaste={paste}
        />
      </Box>
    </FieldShell>
  );
}
