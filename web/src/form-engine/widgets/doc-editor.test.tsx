// The doc-editor widget as the operator sees it, for what the data layer reports of the embedded
// document (web/src/documents/use-embedded-document.ts gives these states over Firestore).
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { ChakraProvider } from '@chakra-ui/react';
import type { FieldDefinition } from '@console/shared';
import { system } from '../../app/theme';
import { NO_FORM_DATA, type EmbeddedDocument, type EmbeddedDocumentQuery, type FormData } from '../data/form-document';
import { DocumentForm } from '../DocumentForm';

const field: FieldDefinition = { name: 'seo', title: 'SEO da loja', type: 'doc-editor', collection: 'config', docId: 'store' };

const ready: EmbeddedDocument = {
  status: 'ready',
  missing: false,
  values: { content: { blocks: [] } },
  conflicts: {},
  saveStatus: 'saved',
  error: null,
  canSave: false,
  saving: false,
  edit: () => {},
  save: () => {},
  resolveConflict: () => {},
};

function render(embedded: EmbeddedDocument, projectId = 'main'): { text: string; asked: EmbeddedDocumentQuery[] } {
  const asked: EmbeddedDocumentQuery[] = [];
  const data: FormData = {
    ...NO_FORM_DATA,
    document: { projectId, collectionId: 'page', docId: 'home' },
    useEmbeddedDocument: (query) => {
      asked.push(query);
      return embedded;
    },
  };
  const html = renderToString(
    <ChakraProvider value={system}>
      <MemoryRouter>
        <DocumentForm fields={[field]} values={{}} onChange={() => {}} data={data} />
      </MemoryRouter>
    </ChakraProvider>,
  );
  const text = html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
  return { text, asked };
}

describe('a document edited inside another form', () => {
  it('asks the form for the document it names, in the project of the form', () => {
    const { asked } = render(ready);
    expect(asked[0]).toMatchObject({ projectId: 'main', collectionId: 'config', docId: 'store' });
  });

  it('shows the saved status and a save button that waits for an edit', () => {
    const { text } = render(ready);
    expect(text).toContain('Gravar SEO da loja');
    expect(text).toContain('Salvo');
  });

  it('shows a field changed elsewhere as a conflict with both choices', () => {
    const { text } = render({ ...ready, values: { content: 'meu' }, conflicts: { content: { remote: 'deles' } }, saveStatus: 'pending' });
    expect(text).toContain('Este campo foi alterado por outra pessoa: deles');
    expect(text).toContain('Usar o valor remoto');
    expect(text).toContain('Manter o meu');
    expect(text).toContain('Alterações pendentes');
  });

  it('says why a save was refused', () => {
    const { text } = render({ ...ready, saveStatus: 'failed', error: 'Prioridade: o valor máximo é 5', canSave: true });
    expect(text).toContain('Prioridade: o valor máximo é 5');
    expect(text).toContain('Erro ao salvar');
  });

  it('says a missing document will be created by the first save', () => {
    expect(render({ ...ready, missing: true }).text).toContain('Documento ainda não existe: será criado ao salvar.');
  });

  it('has nothing to edit outside a project', () => {
    expect(render(ready, '').text).toContain('Nenhum documento para editar.');
  });
});
