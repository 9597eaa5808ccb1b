import { Box, chakra, Stack, Text } from '@chakra-ui/react';
import { ChevronDown, ChevronRight } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { collectionsForProject, toolsForProject, type MenuGroup } from '@console/shared';
import { useAuth } from '../../../app/auth-context';
import { visibleSettings } from '../../../app/definitions';
import { PanelLink } from '../../../app/panel-link';
import { buildMenu, sectionOfPath, type MenuLink, type MenuSection } from '../menu';

/** localStorage key of the sections the operator opened, so the menu stays as they left it. */
const OPEN_SECTIONS_KEY = 'console.menu.openSections';

function readOpenSections(): MenuGroup[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(OPEN_SECTIONS_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((s): s is MenuGroup => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

function storeOpenSections(sections: readonly MenuGroup[]) {
  try {
    localStorage.setItem(OPEN_SECTIONS_KEY, JSON.stringify(sections));
  } catch {
    // Private mode or storage full: the sections just start closed next time.
  }
}

function MenuEntry({ link, nested }: { link: MenuLink; nested?: boolean }) {
  return (
    <Box as="li" listStyleType="none">
      <PanelLink to={link.to} indent={nested ? '7' : '3'}>
        {link.title}
      </PanelLink>
    </Box>
  );
}

function Section({ section, open, onToggle }: { section: MenuSection; open: boolean; onToggle(): void }) {
  const listId = `menu-section-${section.key}`;
  const Chevron = open ? ChevronDown : ChevronRight;
  return (
    <Box as="li" listStyleType="none">
      <chakra.button
        type="button"
        display="flex"
        alignItems="center"
        gap="1.5"
        w="full"
        px="3"
        py="1.5"
        rounded="md"
        fontSize="sm"
        fontWeight="semibold"
        color="fg"
        textAlign="start"
        cursor="pointer"
        _hover={{ bg: 'gray.100' }}
        focusVisibleRing="inside"
        aria-expanded={open}
        aria-controls={listId}
        onClick={onToggle}
      >
        <Chevron size={14} aria-hidden />
        {section.title}
      </chakra.button>
      {open && (
        <Stack as="ul" id={listId} gap="0.5" m="0" p="0" mb="1">
          {section.links.map((link) => (
            <MenuEntry key={link.key} link={link} nested />
          ))}
        </Stack>
      )}
    </Box>
  );
}

/**
 * The side menu of the current project: a few top-level screens and one collapsible section per
 * menu group (menu.ts). The sections the operator opened are remembered; the section of the
 * screen on display opens by itself, and its entry is scrolled into view (a page opened by URL).
 */
export function CollectionsMenu({ projectId }: { projectId: string }) {
  const { claims } = useAuth();
  const items = useMemo(() => buildMenu(collectionsForProject(projectId), visibleSettings(projectId, claims), toolsForProject(projectId)), [projectId, claims]);
  const { pathname } = useLocation();
  const activeSection = sectionOfPath(items, pathname);
  const [openSections, setOpenSections] = useState<MenuGroup[]>(readOpenSections);
  const nav = useRef<HTMLElement>(null);

  // The section of the screen on display opens when that screen is reached.
  const [openedFor, setOpenedFor] = useState<MenuGroup | null>(null);
  if (activeSection !== openedFor) {
    setOpenedFor(activeSection);
    if (activeSection && !openSections.includes(activeSection)) setOpenSections([...openSections, activeSection]);
  }

  useEffect(() => storeOpenSections(openSections), [openSections]);

  // A screen reached (by URL too): its entry in view, its section having opened in this render.
  useEffect(() => {
    nav.current?.querySelector('[aria-current=page]')?.scrollIntoView({ block: 'nearest' });
  }, [pathname]);

  const toggle = (key: MenuGroup) => setOpenSections((open) => (open.includes(key) ? open.filter((k) => k !== key) : [...open, key]));

  return (
    <Box as="nav" ref={nav} aria-label="Coleções" h="full" overflowY="auto" py="3" px="2">
      {items.length === 0 && (
        <Text px="3" fontSize="sm" color="fg.muted">
          Nenhuma coleção configurada para este projeto.
        </Text>
      )}
      <Stack as="ul" gap="0.5" m="0" p="0">
        {items.map((item) =>
          item.kind === 'link' ? (
            <MenuEntry key={item.key} link={item} />
          ) : (
            <Section key={item.key} section={item} open={openSections.includes(item.key)} onToggle={() => toggle(item.key)} />
          ),
        )}
      </Stack>
    </Box>
  );
}
