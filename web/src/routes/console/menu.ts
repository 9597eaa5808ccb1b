import { MENU_GROUPS, type CollectionDefinition, type ConsoleTool, type MenuGroup, type SettingsDefinition } from '@console/shared';
import { CONSOLE_PATH, collectionPath, settingsPath } from '../../app/paths';

export interface MenuLink {
  kind: 'link';
  key: string;
  title: string;
  to: string;
  /** The project tool this screen is (listed only for projects that have it). */
  tool?: ConsoleTool;
}

export interface MenuSection {
  kind: 'section';
  key: MenuGroup;
  title: string;
  links: MenuLink[];
}

export type MenuItem = MenuLink | MenuSection;

/** Screens that are not collections, listed first (spec document 2 §2). */
export const SCREEN_LINKS: readonly MenuLink[] = [{ kind: 'link', key: 'screen:events', title: 'Eventos', to: `${CONSOLE_PATH}/events`, tool: 'events' }];

/** Tool screens listed right after a collection's link, in its group ('Sincronização de produtos' after Produtos). */
export const LINKS_AFTER_COLLECTION: Readonly<Record<string, readonly MenuLink[]>> = {
  product: [{ kind: 'link', key: 'screen:sync', title: 'Sincronização de produtos', to: `${CONSOLE_PATH}/sync`, tool: 'product-sync' }],
};

/** The one menu entry of the settings screens: their own page groups them by purpose. */
export const SETTINGS_LINK: MenuLink = { kind: 'link', key: 'screen:settings', title: 'Configurações', to: settingsPath() };

/** The section a collection is listed in: its group, or the group named after it (category leads 'Categorias'). */
function sectionOf(collection: CollectionDefinition): MenuGroup | null {
  if (collection.group) return collection.group;
  return Object.hasOwn(MENU_GROUPS, collection.id) ? (collection.id as MenuGroup) : null;
}

/**
 * The side menu of one project's screens (toolsForProject, collectionsForProject and the
 * settings the user may open), about eight entries an operator can hold in mind: the tool screens
 * of SCREEN_LINKS first, then one collapsible section per menu group in MENU_GROUPS' order, each
 * holding its own entries — a collection named like its group ('Categorias', 'Conteúdos',
 * 'Estoques', 'Regras de preço', which document 3 lists without a parent) leads that section
 * instead of sitting above a heading of the same name — then the collections of no group
 * ('Tarefas'), and last one 'Configurações' link to the settings page (never the 28 screens
 * themselves: that page lists them by purpose). Tools of LINKS_AFTER_COLLECTION follow their
 * collection; each tool only when the project has it.
 */
export function buildMenu(
  collections: readonly CollectionDefinition[],
  settings: readonly SettingsDefinition[],
  tools: readonly ConsoleTool[] = [],
): MenuItem[] {
  const applies = (link: MenuLink) => !link.tool || tools.includes(link.tool);
  const sections = new Map<MenuGroup, MenuLink[]>();
  const ungrouped: MenuLink[] = [];

  for (const c of collections) {
    const links = [
      { kind: 'link', key: `collection:${c.id}`, title: c.title, to: collectionPath(c.id) } satisfies MenuLink,
      ...(LINKS_AFTER_COLLECTION[c.id] ?? []).filter(applies),
    ];
    const section = sectionOf(c);
    if (!section) {
      ungrouped.push(...links);
      continue;
    }
    const list = sections.get(section) ?? [];
    sections.set(section, list);
    if (c.group) list.push(...links);
    else list.unshift(...links);
  }

  const items: MenuItem[] = SCREEN_LINKS.filter(applies);
  for (const key of Object.keys(MENU_GROUPS) as MenuGroup[]) {
    const links = sections.get(key);
    if (links?.length) items.push({ kind: 'section', key, title: MENU_GROUPS[key], links });
  }
  items.push(...ungrouped);
  if (settings.length > 0) items.push(SETTINGS_LINK);
  return items;
}

/** Every link of the menu, sections opened, in menu order. */
export function menuLinks(items: readonly MenuItem[]): MenuLink[] {
  return items.flatMap((item) => (item.kind === 'link' ? [item] : item.links));
}

/** The section holding the screen at `pathname` (the one a menu opens for it), if any. */
export function sectionOfPath(items: readonly MenuItem[], pathname: string): MenuGroup | null {
  const matches = (link: MenuLink) => pathname === link.to || pathname.startsWith(`${link.to}/`);
  for (const item of items) if (item.kind === 'section' && item.links.some(matches)) return item.key;
  return null;
}
