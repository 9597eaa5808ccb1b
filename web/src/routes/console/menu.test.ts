import { describe, expect, it } from 'vitest';
import { collectionsForProject, defineCollection, defineSettings, settingsForProject, toolsForProject } from '@console/shared';
import { buildMenu, menuLinks, sectionOfPath, type MenuItem } from './menu';

const category = defineCollection({ id: 'category', title: 'Categorias', fields: [] });
const categoryCollection = defineCollection({ id: 'category-collection', title: 'Coleções', group: 'category', fields: [] });
const stock = defineCollection({ id: 'stock', title: 'Estoques', fields: [] });
const stockFile = defineCollection({ id: 'stock-file', title: 'Arquivos de estoque', group: 'stock', fields: [] });
const task = defineCollection({ id: 'task', title: 'Tarefas', fields: [] });
const store = defineSettings({ id: 'store', title: 'Loja', fields: [] });

/** Each item's title, a section's entries after it. */
const outline = (items: MenuItem[]) => items.flatMap((i) => (i.kind === 'section' ? [`[${i.title}]`, ...i.links.map((l) => l.title)] : [i.title]));

describe('buildMenu', () => {
  it("puts a collection named like its group first in that group's section, not above a heading of the same name", () => {
    const menu = buildMenu([stockFile, category, categoryCollection, stock], []);
    expect(outline(menu)).toEqual(['[Categorias]', 'Categorias', 'Coleções', '[Estoque]', 'Estoques', 'Arquivos de estoque']);
    expect(menu[0]).toMatchObject({ kind: 'section', key: 'category', links: [{ to: '/console/category' }, { to: '/console/category-collection' }] });
  });

  it('lists the collections of no group after the sections, and one Configurações link last, to the settings page', () => {
    const menu = buildMenu([task, category], [store]);
    expect(outline(menu)).toEqual(['[Categorias]', 'Categorias', 'Tarefas', 'Configurações']);
    expect(menu.at(-1)).toMatchObject({ kind: 'link', title: 'Configurações', to: '/console/config' });
    expect(menuLinks(menu).some((l) => l.to === '/console/config/store')).toBe(false);
  });

  it('opens with the screens that are not collections, Eventos at /console/events', () => {
    const menu = buildMenu([category], [store], ['events', 'product-sync']);
    expect(menu[0]).toMatchObject({ kind: 'link', title: 'Eventos', to: '/console/events' });
  });

  it("lists 'Sincronização de produtos' right after Produtos in the catalogue section", () => {
    const product = defineCollection({ id: 'product', title: 'Produtos', group: 'catalog', fields: [] });
    const brand = defineCollection({ id: 'brand', title: 'Marcas', group: 'catalog', fields: [] });
    expect(outline(buildMenu([product, brand], [], ['product-sync']))).toEqual(['[Catálogo]', 'Produtos', 'Sincronização de produtos', 'Marcas']);
    expect(outline(buildMenu([product, brand], []))).toEqual(['[Catálogo]', 'Produtos', 'Marcas']);
  });

  it('gives a store about eight entries: Eventos, seven sections, Tarefas and Configurações', () => {
    const menu = buildMenu(collectionsForProject('main'), settingsForProject('main'), toolsForProject('main'));
    expect(menu.map((i) => i.title)).toEqual([
      'Eventos',
      'Catálogo',
      'Categorias',
      'Conteúdo',
      'Estoque',
      'Regras de preço',
      'Clientes',
      'Campanhas',
      'Tarefas',
      'Configurações',
    ]);
    const pricing = menu.find((i) => i.kind === 'section' && i.key === 'pricing-rule');
    expect(pricing?.kind === 'section' && pricing.links.map((l) => l.title)).toEqual(['Regras de preço', 'Regras de venda', 'Banners', 'Regras de promoção']);
    // Every collection once.
    expect(menuLinks(menu).filter((l) => l.key.startsWith('collection:'))).toHaveLength(collectionsForProject('main').length);
  });

  it('finds the section of the screen on display, by URL', () => {
    const menu = buildMenu(collectionsForProject('main'), settingsForProject('main'), toolsForProject('main'));
    expect(sectionOfPath(menu, '/console/product/abc')).toBe('catalog');
    expect(sectionOfPath(menu, '/console/sync')).toBe('catalog');
    expect(sectionOfPath(menu, '/console/stock')).toBe('stock');
    expect(sectionOfPath(menu, '/console/product-typo')).toBeNull();
    expect(sectionOfPath(menu, '/console/config/store')).toBeNull();
  });
});
