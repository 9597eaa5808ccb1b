// Every widget rendered to HTML (no DOM needed): what the operator sees for stored values, labels
// tied to their controls, and stored values of an unexpected shape shown read-only, never a crash.
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ChakraProvider } from '@chakra-ui/react';
import { readAccessClaims, type FieldDefinition } from '@console/shared';
import { ProjectProvider } from '../../app/project-context';
import { system } from '../../app/theme';
import { DocumentForm } from '../DocumentForm';
import { FieldRenderer } from '../FieldRenderer';

function render(field: FieldDefinition, value: unknown): string {
  return renderToString(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <ProjectProvider claims={readAccessClaims({ role: 'admin' })!}>
          <FieldRenderer field={field} value={value} onChange={() => {}} />
        </ProjectProvider>
      </MemoryRouter>
    </ChakraProvider>,
  );
}

/** The visible text, tags dropped and entities decoded enough for the assertions. */
const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

/** Whether an element named `title` by aria-labelledby or a <label for> is in the HTML. */
function isLabelled(html: string, title: string): boolean {
  const byLabelFor = [...html.matchAll(/<label[^>]*for="([^"]+)"[^>]*>([\s\S]*?)<\/label>/g)].some(
    ([, id, inner]) => text(inner).trim() === title && html.includes(`id="${id}"`),
  );
  const byLabelledBy = [...html.matchAll(/aria-labelledby="([^"]+)"/g)].some(([, id]) => {
    const target = new RegExp(`id="${id.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</(legend|label)>`).exec(html);
    return target !== null && text(target[1]).trim() === title;
  });
  return byLabelFor || byLabelledBy;
}

const READ_ONLY = '<details';

const fields = {
  skus: { name: 'skuOrderBy', title: 'Ordem dos produtos', type: 'array_textarea' },
  parent: { name: 'parent', title: 'Categoria pai', type: 'select_nested', collection: 'category' },
  header: { name: 'header', title: 'Cabeçalho', type: 'editor' },
  queries: {
    name: 'queryAlternatives',
    title: 'Buscas alternativas',
    type: 'array_struct',
    fields: [{ name: 'query', title: 'Busca', type: 'text' }],
  },
  variants: {
    name: 'blocks',
    title: 'Blocos',
    type: 'array_struct_multiple',
    variants: [{ value: 'banner', label: 'Banner', fields: [{ name: 'href', title: 'Link', type: 'text' }] }],
  },
  methods: {
    name: 'paymentMethods',
    title: 'Formas de pagamento',
    type: 'array_field',
    of: { name: 'method', title: 'Forma de pagamento', type: 'select', options: [{ value: 'pix', label: 'Pix' }] },
  },
  images: { name: 'images', title: 'Imagens', type: 'array_field', of: { name: 'image', title: 'Imagem', type: 'image' } },
  stock: {
    name: 'Stock',
    title: 'Estoque',
    type: 'collection_doc_form',
    collection: 'stock',
    fields: [{ name: 'qty', title: 'Quantidade', type: 'number' }],
  },
  tags: { name: 'tags', title: 'Tags', type: 'collection-editor', collection: 'post-tag', filterField: 'postId' },
  json: { name: 'template', title: 'Template (JSON)', type: 'component', component: 'json' },
  google: { name: 'tokens', title: 'Conexão Google', type: 'component', component: 'google-console-connect' },
  unknownComponent: { name: 'x', title: 'Sob medida', type: 'component', component: 'nao-existe' },
  struct: { name: 'address', title: 'Endereço', type: 'struct', fields: [{ name: 'city', title: 'Cidade', type: 'text' }] },
  image: { name: 'image', title: 'Imagem', type: 'image' },
  file: { name: 'logFile', title: 'Log', type: 'file' },
  video: { name: 'video', title: 'Vídeo', type: 'video', path: 'project/{project}/course', isPublic: false },
  audio: { name: 'audio', title: 'Áudio', type: 'audio' },
  productFiles: {
    name: 'Files',
    title: 'Arquivos',
    type: 'array_struct',
    fields: [
      { name: 'FileExtension', title: 'Extensão', type: 'text' },
      { name: 'FileCDNURL', title: 'URL (CDN)', type: 'text' },
    ],
  },
} satisfies Record<string, FieldDefinition>;

describe('widgets', () => {
  it('show a list of texts one per line', () => {
    const html = render(fields.skus, ['10618562', '2212970']);
    expect(html).toContain('10618562\n2212970</textarea>');
    expect(isLabelled(html, 'Ordem dos produtos')).toBe(true);
  });

  it('keep a stored reference visible while the referenced list loads', () => {
    const html = render(fields.parent, 'cozinha');
    expect(html).toMatch(/<option value="cozinha" selected="">cozinha<\/option>/);
    expect(isLabelled(html, 'Categoria pai')).toBe(true);
  });

  it('label the rich-text area and offer its toolbar', () => {
    const html = render(fields.header, '<p>oi</p>');
    expect(html).toContain('role="textbox"');
    expect(html).toContain('contentEditable="true"');
    for (const tool of ['Negrito', 'Itálico', 'Link', 'Lista numerada', 'Lista com marcadores']) expect(html).toContain(`aria-label="${tool}"`);
    expect(isLabelled(html, 'Cabeçalho')).toBe(true);
    expect(render({ ...fields.header, readOnly: true }, '<p>oi</p>')).toContain('contentEditable="false"');
  });

  it('show each list item as a card with its fields, and an item of another shape as JSON', () => {
    const html = render(fields.queries, [{ query: 'airfryer' }, 'solta']);
    expect(text(html)).toContain('Item 1');
    expect(html).toContain('value="airfryer"');
    expect(text(html)).toContain('"solta"');
    expect(html).toContain('aria-label="Mover para cima"');
    expect(isLabelled(html, 'Buscas alternativas')).toBe(true);
  });

  it('show a variant item with its own fields and offer one add button per variant', () => {
    const html = render(fields.variants, [
      { type: 'banner', href: '/promo' },
      { type: 'antigo', x: 1 },
    ]);
    expect(text(html)).toContain('Item 1: Banner');
    expect(html).toContain('value="/promo"');
    expect(text(html)).toContain('antigo (valor atual)');
    expect(text(html)).toContain('Adicionar Banner');
  });

  it('edit scalars of a list with the inner widget, and each image of a list with the image widget', () => {
    const html = render(fields.methods, ['pix']);
    expect(html).toMatch(/<option value="pix" selected="">Pix<\/option>/);
    expect(isLabelled(html, 'Forma de pagamento 1')).toBe(true);
    const images = render(fields.images, [{ id: 'i1', url: 'https://cdn/x.jpg', filename: 'x.jpg', size: 2048, isPublic: true }]);
    expect(images).not.toContain(READ_ONLY);
    expect(images).toContain('src="https://cdn/x.jpg"');
    expect(isLabelled(images, 'Imagem 1')).toBe(true);
    // A list of images can be filled from several URLs at once; other lists cannot.
    expect(text(images)).toContain('Baixar de URLs');
    expect(text(html)).not.toContain('Baixar de URLs');
  });

  it('show a map entry per key, and an entry of another shape as JSON', () => {
    const html = render(fields.stock, { 'cd-sp': { qty: 52 }, 'cd-rs': 5 });
    expect(html).toContain('value="52"');
    expect(text(html)).toContain('cd-rs');
    expect(isLabelled(html, 'Estoque')).toBe(true);
  });

  it('show the JSON of a component as text, and an unknown component read-only', () => {
    expect(render(fields.json, { a: 1 })).toContain('{\n  &quot;a&quot;: 1\n}</textarea>');
    expect(render(fields.unknownComponent, { a: 1 })).toContain(READ_ONLY);
  });

  it('link the Google Console connection to the auth endpoint, saying whether it is connected', () => {
    const html = render(fields.google, { refresh_token: 'r' });
    expect(html).toMatch(/href="\/api\/console\/auth\/google\?project=[^"]*"[^>]*>Conectar</);
    expect(text(html)).toContain('Conectado');
    expect(isLabelled(html, 'Conexão Google')).toBe(true);
  });

  it('ask to save a new document before listing the entries that belong to it', () => {
    expect(text(render(fields.tags, undefined))).toContain('Salve o documento para ver e adicionar itens.');
  });

  it('show an image in a thumbnail box of 140 px with its name and size, and the file actions', () => {
    const html = render(fields.image, {
      id: 'i1',
      url: 'https://cdn/x.jpg?token=t',
      filename: 'faca.jpg',
      size: 1536,
      width: 600,
      height: 400,
      type: 'image/jpeg',
      isPublic: true,
    });
    expect(html).toContain('src="https://cdn/x.jpg?token=t"');
    expect(html).toMatch(/data-testid="image-thumbnail"/);
    expect(text(html)).toContain('faca.jpg · 1,5 KB · image/jpeg · 600×400');
    for (const action of ['Escolher imagem', 'Baixar de URL', 'Copiar URL', 'Tornar privado', 'Remover arquivo']) expect(text(html)).toContain(action);
    expect(html).toContain('accept="image/*"');
    expect(isLabelled(html, 'Imagem')).toBe(true);
    // Empty: only choosing or downloading is offered.
    const empty = text(render(fields.image, null));
    expect(empty).toContain('Nenhum arquivo.');
    expect(empty).not.toContain('Copiar URL');
    expect(empty).not.toContain('Remover arquivo');
  });

  it('show a file by name, size in KB and type, and offer to make a private one public', () => {
    const html = text(render(fields.file, { id: 'f1', url: 'https://h/o/log.txt', filename: 'log.txt', size: 10240, type: 'text/plain', isPublic: false }));
    expect(html).toContain('log.txt · 10,0 KB · text/plain');
    expect(html).toContain('Privado');
    expect(html).toContain('Tornar público');
    expect(html).toContain('Abrir');
  });

  it('show a video thumbnail with its encoding status while not playable, and the player button once playable', () => {
    const encoding = render(fields.video, {
      id: 'v1',
      url: 'u',
      filename: 'aula.mp4',
      isPublic: false,
      filePath: 'project/main/course/v.aula.mp4',
      cdn: { bunny: { id: 'b', status: 2, thumbnail: 'https://b/t.jpg', pullZone: 'pz', iframeUrl: 'https://b/p' } },
    });
    expect(text(encoding)).toContain('Status do vídeo: Codificando');
    expect(encoding).toContain('src="https://b/t.jpg"');
    expect(encoding).toMatch(/aria-label="Reproduzir vídeo"[^>]*disabled=""|disabled=""[^>]*aria-label="Reproduzir vídeo"/);
    expect(text(encoding)).not.toContain('Enviar para o CDN');
    const playable = render(fields.video, {
      id: 'v1',
      url: 'u',
      filename: 'aula.mp4',
      cdn: { bunny: { id: 'b', status: 4, thumbnail: 'https://b/t.jpg', pullZone: 'pz', iframeUrl: 'https://b/p' } },
    });
    expect(text(playable)).not.toContain('Status do vídeo');
    expect(playable).not.toMatch(/aria-label="Reproduzir vídeo"[^>]*disabled=""|disabled=""[^>]*aria-label="Reproduzir vídeo"/);
    const notSent = text(render(fields.video, { id: 'v1', url: 'u', filename: 'aula.mp4', filePath: 'editor/v.aula.mp4', isPublic: true }));
    expect(notSent).toContain('Status do vídeo: Sem vídeo no CDN');
    expect(notSent).toContain('Enviar para o CDN');
  });

  it('show an audio player with the fallback text and the duration', () => {
    const html = render(fields.audio, { id: 'a1', url: 'https://h/a.mp3?token=t', filename: 'a.mp3', duration: 3725, isPublic: true });
    expect(html).toMatch(/<audio[^>]*controls=""[^>]*src="https:\/\/h\/a.mp3\?token=t"|<audio[^>]*src="https:\/\/h\/a.mp3\?token=t"[^>]*controls=""/);
    expect(text(html)).toContain('Seu navegador não suporta o elemento de áudio.');
    expect(text(html)).toContain('Duração 1:02:05');
  });

  it('offer an upload per item of a list of files', () => {
    expect(text(render(fields.productFiles, [{ FileExtension: 'JPG', FileCDNURL: 'https://cdn/x.jpg' }]))).toContain('Enviar arquivo');
    expect(text(render(fields.queries, [{ query: 'x' }]))).not.toContain('Enviar arquivo');
  });

  it('show a stored value of an unexpected shape read-only instead of failing', () => {
    const cases: Array<[FieldDefinition, unknown]> = [
      [fields.skus, 'a\nb'],
      [fields.skus, [{ sku: 'a' }]],
      [fields.parent, 42],
      [fields.header, { html: '<p>x</p>' }],
      [fields.queries, { 0: 'a' }],
      [fields.variants, 'x'],
      [fields.methods, 'pix'],
      [fields.stock, ['cd-sp']],
      [fields.struct, 'Rua A'],
      [fields.image, 42],
      [fields.file, ['a']],
      [fields.video, { name: 'x' }],
      [fields.audio, true],
    ];
    for (const [field, value] of cases) {
      const html = render(field, value);
      expect(html, field.type).toContain(READ_ONLY);
      expect(html, field.type).toContain(`aria-label="${field.title}"`);
      expect(html, field.type).not.toContain('Não foi possível exibir o campo');
    }
  });

  it('edit a document whose collection defines no fields as content blocks', () => {
    const html = renderToString(
      <ChakraProvider value={system}>
        <MemoryRouter>
          <ProjectProvider claims={readAccessClaims({ role: 'admin' })!}>
            <DocumentForm
              fields={[]}
              values={{
                content: {
                  blocks: [
                    { type: 'header', data: { text: 'Olá', level: 3 } },
                    { type: 'table', data: {} },
                  ],
                },
              }}
              onChange={() => {}}
            />
          </ProjectProvider>
        </MemoryRouter>
      </ChakraProvider>,
    );
    expect(isLabelled(html, 'Conteúdo')).toBe(true);
    expect(text(html)).toContain('Bloco 1: Título');
    expect(html).toContain('value="Olá"');
    expect(html).toMatch(/<option value="3" selected="">H3<\/option>/);
    expect(text(html)).toContain('Bloco 2');
    for (const kind of ['Parágrafo', 'Título', 'Código', 'Imagem']) expect(text(html)).toContain(`Adicionar ${kind}`);
  });
});
