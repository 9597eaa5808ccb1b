import { describe, expect, it } from 'vitest';
import { defineCollection, defineSettings } from '@console/shared';
import { buildMenu } from './menu';

const category = defineCollection({ id: 'category', title: 'Categorias', fields: [] });
const categoryCollection = defineCollection({ id: 'category-collection', title: 'Coleções', group: 'category', fields: [] });
const stock = defineCollection({ id: 'stock', title: 'Estoques', fields: [] });
const stockFile = defineCollection({ id: 'stock-file', title: 'Arquivos de estoque', group: 'stock', fields: [] });
const store = defineSettings({ id: 'store', title: 'Loja', fields: [] });

describe('buildMenu', () => {
  it('keeps ungrouped collections at top level and groups the others under the group title', () => {
    const menu = buildMenu([category, categoryCollection, stock, stockFile], []);
    expect(menu.map((i) => i.title)).toEqual(['Categorias', 'Categorias', 'Estoques', 'Estoque']);
    expect(menu[1]).toMatchObject({ kind: 'group', links: [{ title: 'Coleções', to: '/console/category-collection' }] });
  });

  it('lists the settings screens last, under Configurações, linking to /console/config/{id}', () => {
    const menu = buildMenu([category], [store]);
    expect(menu.at(-1)).toMatchObject({
      kind: 'group',
      title: 'Configurações',
      links: [{ title: 'Loja', to: '/console/config/store' }],
    });
  });

  it('opens with the screens that are not collections, Eventos at /console/events', () => {
    const menu = buildMenu([category], [store], ['events', 'product-sync']);
    expect(menu[0]).toMatchObject({ kind: 'link', title: 'Eventos', to: '/console/events' });
    expect(menu.map((i) => i.title)).toEqual(['Eventos', 'Categorias', 'Configurações']);
  });

  it("lists 'Sincronização de produtos' right after Produtos in the catalogue group", () => {
    const product = defineCollection({ id: 'product', title: 'Produtos', group: 'catalog', fields: [] });
    const brand = defineCollection({ id: 'brand', title: 'Marcas', group: 'catalog', fields: [] });
    const menu = buildMenu([product, brand], [], ['product-sync']);
    expect(menu[0]).toMatchObject({
      kind: 'group',
      title: 'Catálogo',
      links: [{ title: 'Produtos' }, { title: 'Sincronização de produtos', to: '/console/sync' }, { title: 'Marcas' }],
    });
    expect(
      buildMenu([brand], [])
        .flatMap((i) => (i.kind === 'group' ? i.links : [i]))
        .map((l) => l.title),
    ).toEqual(['Marcas']);
  });

  it('lists only the tools the project has: without them, no Eventos and no Sincronização de produtos', () => {
    const product = defineCollection({ id: 'product', title: 'Produtos', group: 'catalog', fields: [] });
    const titles = (tools: Parameters<typeof buildMenu>[2]) =>
      buildMenu([product, category], [], tools).flatMap((i) => (i.kind === 'group' ? [i.title, ...i.links.map((l) => l.title)] : [i.title]));
    expect(titles([])).toEqual(['Catálogo', 'Produtos', 'Categorias']);
    expect(titles(['events'])).toEqual(['Eventos', 'Catálogo', 'Produtos', 'Categorias']);
    expect(titles(['product-sync'])).toEqual(['Catálogo', 'Produtos', 'Sincronização de produtos', 'Categorias']);
  });
});
