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
  kind: 'group';
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

/**
 * The side menu of one project's screens (toolsForProject, collectionsForProject and the
 * settings the user may open): collections without a group at top level, the others under their
 * group's Portuguese title, groups placed where their first collection appears; the settings
 * screens close the menu under 'Configurações'; the tool screens of SCREEN_LINKS open it and those
 * of LINKS_AFTER_COLLECTION follow their collection — each only when the project has that tool.
 */
export function buildMenu(
  collections: readonly CollectionDefinition[],
  settings: readonly SettingsDefinition[],
  tools: readonly ConsoleTool[] = [],
): MenuItem[] {
  const applies = (link: MenuLink) => !link.tool || tools.includes(link.tool);
  const items: MenuItem[] = SCREEN_LINKS.filter(applies);
  const sections = new Map<MenuGroup, MenuSection>();
  const sectionFor = (group: MenuGroup) => {
    let section = sections.get(group);
    if (!section) {
      section = { kind: 'group', key: group, title: MENU_GROUPS[group] ?? group, links: [] };
      sections.set(group, section);
      items.push(section);
    }
    return section;
  };

  for (const c of collections) {
    const link: MenuLink = { kind: 'link', key: `collection:${c.id}`, title: c.title, to: collectionPath(c.id) };
    if (c.group) sectionFor(c.group).links.push(link);
    else items.push(link);
    for (const tool of (LINKS_AFTER_COLLECTION[c.id] ?? []).filter(applies)) (c.group ? sectionFor(c.group).links : items).push(tool);
  }
  if (settings.length > 0) {
    const section = sectionFor('settings');
    // Keep the settings group last even when a collection opened it earlier.
    items.splice(items.indexOf(section), 1);
    items.push(section);
    for (const s of settings) {
      section.links.push({ kind: 'link', key: `settings:${s.id}`, title: s.title, to: settingsPath(s.id) });
    }
  }
  return items;
}
