import { describe, expect, it } from 'vitest';
import { assistantReducer, initialAssistantState, isConflict, type AssistantState } from './assistant-state';

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

function replay(...actions: Parameters<typeof assistantReducer>[1][]): AssistantState {
  return actions.reduce(assistantReducer, initialAssistantState);
}

describe('the assistant panel state', () => {
  it('shows the operator, the answers, a refusal and an error as "Erro: …"', () => {
    const state = replay(
      { type: 'sent', text: 'Melhore o título' },
      { type: 'answered', content: 'Pronto.', refusal: null },
      { type: 'answered', content: null, refusal: 'Não posso.' },
      { type: 'finished', messages: [], error: 'Erro ao chamar a ferramenta' },
    );
    expect(state.entries).toEqual([
      { kind: 'operator', text: 'Melhore o título' },
      { kind: 'assistant', text: 'Pronto.' },
      { kind: 'refusal', text: 'Não posso.' },
      { kind: 'error', text: 'Erro: Erro ao chamar a ferramenta' },
    ]);
    expect(state.busy).toBe(false);
  });

  it('keeps each proposal with the value it was made against, and one decision per field', () => {
    let state = replay(
      { type: 'sent', text: 'Melhore o título e a descrição' },
      {
        type: 'proposed',
        changes: [
          { field: 'ProductSiteName', title: 'Nome no site', value: 'Novo', reason: null },
          { field: 'ProductDescription', title: 'Descrição', value: '<p>Nova</p>', reason: null },
        ],
        rejected: [{ field: 'Price', reason: 'campo não pedido pelo operador' }],
        before: { ProductSiteName: 'Antigo', ProductDescription: '' },
      },
      { type: 'decided', proposal: 1, field: 'ProductSiteName', status: 'accepted' },
    );
    state = assistantReducer(state, { type: 'decided', proposal: 1, field: 'ProductSiteName', status: 'rejected' });
    const proposal = state.entries[1]!;
    expect(proposal).toMatchObject({
      kind: 'proposal',
      id: 1,
      fields: [
        { before: 'Antigo', status: 'accepted' },
        { before: '', status: 'pending' },
      ],
    });
    if (proposal.kind !== 'proposal') throw new Error('not a proposal');
    expect(isConflict(proposal.fields[1]!, '', same)).toBe(false);
    expect(isConflict(proposal.fields[1]!, '<p>Editada à mão</p>', same)).toBe(true);
    // A decided field is never a conflict.
    expect(isConflict(proposal.fields[0]!, 'Outro', same)).toBe(false);
  });
});
