import { Button, Dialog, Kbd, Portal, Text } from '@chakra-ui/react';
import { Command } from 'cmdk';
import { Search } from 'lucide-react';
import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { collectionsForProject, toolsForProject } from '@console/shared';
import { useAuth } from '../../../app/auth-context';
import { visibleSettings } from '../../../app/definitions';
import { documentPath, settingsPath } from '../../../app/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { buildMenu, type MenuItem } from '../menu';
import { searchPrefixes, searchRecords, type RecordHit } from '../record-search';

export const QUICK_SWITCHER_TEXTS = {
  open: 'Buscar',
  title: 'Ir para uma tela ou registro',
  input: 'Nome da tela ou do registro',
  screens: 'Telas',
  records: 'Registros',
  searching: 'Buscando registros…',
  empty: 'Nada encontrado.',
  hint: 'Setas para escolher, Enter para abrir, Esc para fechar.',
} as const;

/** Ctrl+K (⌘K on a Mac) from anywhere in the console. */
const isSwitcherShortcut = (event: KeyboardEvent) => (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k';

interface Destination {
  key: string;
  title: string;
  /** Where it sits (its menu section, its collection): shown beside the title and searched too. */
  place: string;
  to: string;
}

/** Every screen of the menu, the sections opened, and every settings screen the user may open. */
function screenDestinations(items: readonly MenuItem[], settings: ReturnType<typeof visibleSettings>): Destination[] {
  const screens = items.flatMap((item) =>
    item.kind === 'link'
      ? [{ key: item.key, title: item.title, place: '', to: item.to }]
      : item.links.map((l) => ({ key: l.key, title: l.title, place: item.title, to: l.to })),
  );
  return [...screens, ...settings.map((s) => ({ key: `settings:${s.id}`, title: s.title, place: 'Configurações', to: settingsPath(s.id) }))];
}

/**
 * The records whose name or id starts with the typed text, looked up once typing pauses; the last
 * answer stays listed meanwhile (cmdk filters it by the text as it is now).
 */
function useRecordHits(projectId: string, text: string) {
  const typed = useDebouncedValue(text.trim(), 250);
  const [answer, setAnswer] = useState<{ text: string; hits: RecordHit[] }>({ text: '', hits: [] });
  useEffect(() => {
    let current = true;
    void searchRecords(projectId, collectionsForProject(projectId), typed).then((hits) => current && setAnswer({ text: typed, hits }));
    return () => {
      current = false;
    };
  }, [projectId, typed]);
  return { hits: answer.hits, searching: searchPrefixes(text).length > 0 && answer.text !== text.trim() };
}

function SwitcherList({ projectId, inputRef, onChoose }: { projectId: string; inputRef: RefObject<HTMLInputElement | null>; onChoose(to: string): void }) {
  const { claims } = useAuth();
  const [text, setText] = useState('');
  const screens = useMemo(() => {
    const settings = visibleSettings(projectId, claims);
    return screenDestinations(buildMenu(collectionsForProject(projectId), settings, toolsForProject(projectId)), settings);
  }, [projectId, claims]);
  const { hits, searching } = useRecordHits(projectId, text);

  return (
    <Command label={QUICK_SWITCHER_TEXTS.input} loop>
      <Command.Input ref={inputRef} value={text} onValueChange={setText} placeholder={QUICK_SWITCHER_TEXTS.input} />
      <Command.List>
        {searching && <Command.Loading>{QUICK_SWITCHER_TEXTS.searching}</Command.Loading>}
        {!searching && <Command.Empty>{QUICK_SWITCHER_TEXTS.empty}</Command.Empty>}
        <Command.Group heading={QUICK_SWITCHER_TEXTS.screens}>
          {screens.map((s) => (
            <Command.Item key={s.key} value={`${s.title} ${s.place} ${s.key}`} onSelect={() => onChoose(s.to)}>
              <span>{s.title}</span>
              {s.place && <span data-place>{s.place}</span>}
            </Command.Item>
          ))}
        </Command.Group>
        {hits.length > 0 && (
          <Command.Group heading={QUICK_SWITCHER_TEXTS.records}>
            {hits.map((hit) => (
              <Command.Item
                key={`${hit.collectionId}/${hit.id}`}
                value={`${hit.label} ${hit.collectionTitle} ${hit.collectionId}/${hit.id}`}
                keywords={[hit.id]}
                onSelect={() => onChoose(documentPath(hit.collectionId, hit.id))}
              >
                <span>{hit.label}</span>
                <span data-place>{hit.collectionTitle}</span>
              </Command.Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
    </Command>
  );
}

/** cmdk brings no styles: these follow the console's menu (the chosen item as the active entry). */
const switcherCss = {
  '& [cmdk-input]': { width: '100%', px: '3', py: '2', fontSize: 'md', borderWidth: '1px', borderColor: 'border', rounded: 'md', outline: 'none' },
  '& [cmdk-input]:focus-visible': { borderColor: 'blue.600', boxShadow: '0 0 0 1px var(--chakra-colors-blue-600)' },
  '& [cmdk-list]': { maxHeight: '60vh', overflowY: 'auto', mt: '2' },
  '& [cmdk-group-heading]': { px: '3', pt: '2', pb: '1', fontSize: 'xs', fontWeight: 'semibold', textTransform: 'uppercase', color: 'fg.muted' },
  '& [cmdk-item]': { display: 'flex', justifyContent: 'space-between', gap: '3', px: '3', py: '1.5', rounded: 'md', fontSize: 'sm', cursor: 'pointer' },
  '& [cmdk-item][data-selected=true]': { bg: 'selected' },
  '& [cmdk-item] [data-place]': { color: 'fg.muted', fontSize: 'xs', whiteSpace: 'nowrap' },
  '& [cmdk-empty], & [cmdk-loading]': { px: '3', py: '2', fontSize: 'sm', color: 'fg.muted' },
};

/**
 * The quick switcher: Ctrl+K or ⌘K (or the header's 'Buscar' button) opens a dialog that finds
 * any screen of the menu, any settings screen and any record by the start of its name or id
 * (record-search.ts), and opens it. cmdk gives the combobox and its keyboard; Esc closes the
 * dialog and gives the focus back.
 */
export function QuickSwitcher({ projectId }: { projectId: string }) {
  const [open, setOpen] = useState(false);
  // Closed by a choice, the focus goes where the chosen screen puts it, not back to the button.
  const [restoreFocus, setRestoreFocus] = useState(true);
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSwitcherShortcut(event)) return;
      event.preventDefault();
      setRestoreFocus(true);
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const choose = (to: string) => {
    setRestoreFocus(false);
    setOpen(false);
    navigate(to);
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        onClick={() => {
          setRestoreFocus(true);
          setOpen(true);
        }}
        aria-keyshortcuts="Control+K Meta+K"
      >
        <Search aria-hidden />
        {QUICK_SWITCHER_TEXTS.open}
        <Kbd size="sm" aria-hidden>
          Ctrl K
        </Kbd>
      </Button>
      <Dialog.Root
        open={open}
        onOpenChange={(details) => setOpen(details.open)}
        placement="top"
        initialFocusEl={() => input.current}
        restoreFocus={restoreFocus}
        lazyMount
        unmountOnExit
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content data-testid="quick-switcher">
              <Dialog.Header pb="2">
                <Dialog.Title fontSize="md">{QUICK_SWITCHER_TEXTS.title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body css={switcherCss}>
                <SwitcherList projectId={projectId} inputRef={input} onChoose={choose} />
                <Text mt="2" fontSize="xs" color="fg.muted">
                  {QUICK_SWITCHER_TEXTS.hint}
                </Text>
              </Dialog.Body>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
