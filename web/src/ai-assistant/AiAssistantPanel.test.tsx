// The panel rendered to HTML (no DOM needed): the conversation as the operator reads it, the
// per-field diff, a conflict, a refusal and an error.
import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { ChakraProvider } from '@chakra-ui/react';
import { system } from '../app/theme';
import { AiAssistantPanel } from './AiAssistantPanel';
import { assistantReducer, initialAssistantState } from './assistant-state';

const text = (html: string) =>
  html
    .replace(/<style[^>]*>[\s\S]*?<\/style>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

describe('the assistant panel', () => {
  it('shows the messages, the diff with accept and reject, a conflict, a refusal and an error', () => {
    const state = [
      { type: 'sent', text: 'Melhore o título e a descrição' },
      {
        type: 'proposed',
        changes: [
          { field: 'ProductSiteName', title: 'Nome no site', value: 'Pote Hermético 2,5 L', reason: 'Mais claro.' },
          { field: 'ProductDescription', title: 'Descrição', value: '<p>Novo</p>', reason: null },
        ],
        rejected: [{ field: 'Price', reason: 'campo não pedido pelo operador' }],
        before: { ProductSiteName: 'Pote', ProductDescription: '<p>Velho</p>' },
      },
      { type: 'answered', content: 'Propus 2 alteração(ões).', refusal: null },
      { type: 'answered', content: null, refusal: 'Não posso.' },
      { type: 'finished', messages: [], error: 'Erro ao chamar a ferramenta' },
    ].reduce((s, a) => assistantReducer(s, a as Parameters<typeof assistantReducer>[1]), initialAssistantState);
    const html = renderToString(
      <ChakraProvider value={system}>
        <AiAssistantPanel
          assistant={{ state, send: async () => {}, stop: () => {}, decide: () => {} }}
          values={{ ProductSiteName: 'Pote', ProductDescription: '<p>Editado</p>' }}
          onApply={() => {}}
          onClose={() => {}}
        />
      </ChakraProvider>,
    );
    const shown = text(html);
    expect(shown).toContain('Assistente de IA');
    expect(shown).toContain('Melhore o título e a descrição');
    expect(shown).toContain('Nome no site Antes Pote Depois Pote Hermético 2,5 L Mais claro. Aceitar Rejeitar');
    expect(shown).toContain('Conflito: o campo mudou desde a proposta e não será sobrescrito.');
    expect(shown).toContain('Não proposto: Price (campo não pedido pelo operador)');
    expect(shown).toContain('O assistente recusou o pedido: Não posso.');
    expect(shown).toContain('Erro: Erro ao chamar a ferramenta');
    expect(shown).toContain('Aplicar tudo');
  });
});
