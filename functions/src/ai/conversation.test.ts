import { describe, expect, it } from 'vitest';
import { AI_ROUND_LIMIT_MESSAGE, aiMessageSchema } from '@console/shared';
import { roundsSinceOperator, toChatMessages } from './conversation.js';

const parse = (messages: unknown[]) => messages.map((m) => aiMessageSchema.parse(m));
const call = (name: string) => ({ role: 'assistant', content: null, function_call: { name, arguments: '{}' } });
const answer = (name: string) => ({ role: 'function', name, content: '{}' });

describe('the conversation as Chat Completions messages', () => {
  it('maps function calls to tool calls with ids of their position and answers to those ids', () => {
    const out = toChatMessages(parse([{ role: 'user', content: 'Oi' }, call('list_categories'), answer('list_categories')]));
    expect(out).toEqual([
      { role: 'user', content: 'Oi' },
      { role: 'assistant', content: null, tool_calls: [{ id: 'call_1', type: 'function', function: { name: 'list_categories', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'call_1', content: '{}' },
    ]);
  });

  it('drops a call left unanswered by a failed turn, and refuses an answer without its call', () => {
    const out = toChatMessages(parse([{ role: 'user', content: 'a' }, call('x'), { role: 'user', content: 'b' }]));
    expect(out[1]).toEqual({ role: 'assistant', content: '' });
    expect(() => toChatMessages(parse([{ role: 'user', content: 'a' }, answer('x')]))).toThrow('resposta de ferramenta sem a chamada correspondente');
  });

  it('counts the rounds since the operator spoke and refuses an eleventh', () => {
    const rounds = (n: number) => [{ role: 'user', content: 'a' }, ...Array.from({ length: n }, () => [call('x'), answer('x')]).flat()];
    expect(roundsSinceOperator(parse(rounds(9)))).toBe(9);
    expect(() => toChatMessages(parse(rounds(9)))).not.toThrow();
    expect(() => toChatMessages(parse(rounds(10)))).toThrow(AI_ROUND_LIMIT_MESSAGE);
    // A new operator message starts the count again.
    expect(() => toChatMessages(parse([...rounds(10), { role: 'user', content: 'de novo' }]))).not.toThrow();
  });
});
