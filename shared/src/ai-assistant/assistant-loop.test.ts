import { describe, expect, it } from 'vitest';
import { AI_ERRORS, AI_MAX_ROUNDS, AI_ROUND_LIMIT_MESSAGE } from '../api/ai.js';
import { AI_RESPONSE_PATH, AI_STOPPED_MESSAGE, runAssistantTurn, type AiPost, type AssistantEvent } from './assistant-loop.js';

const context = { project: 'main', document: { collection: 'product', id: '1' }, productData: {} };
const reply = (status: number, body: unknown) => ({ ok: status < 400, status, json: async () => body });
const call = (name: string, args = '{}') =>
  reply(200, { ok: true, messages: { content: null, function_call: { name, arguments: args }, refusal: null }, error: null });

describe('the assistant loop', () => {
  it(`asks at most ${AI_MAX_ROUNDS} times, then stops with the limit's message and a consistent conversation`, async () => {
    const paths: string[] = [];
    const post: AiPost = async (path) => {
      paths.push(path);
      return path.startsWith(AI_RESPONSE_PATH) ? call('get_current_document') : reply(200, { ok: true, result: {} });
    };
    const turn = await runAssistantTurn([], 'Oi', context, post);
    expect(paths.filter((p) => p.startsWith(AI_RESPONSE_PATH))).toHaveLength(AI_MAX_ROUNDS);
    expect(turn.error).toBe(AI_ROUND_LIMIT_MESSAGE);
    expect(turn.messages.at(-1)).toMatchObject({ role: 'function' });
  });

  it('tells the catalogue errors apart', async () => {
    const once =
      (answer: ReturnType<typeof reply>, tool = reply(200, { ok: true, result: {} })): AiPost =>
      async (path) =>
        path.startsWith(AI_RESPONSE_PATH) ? answer : tool;
    expect((await runAssistantTurn([], 'Oi', context, once(reply(429, { error: 'Limite.' })))).error).toBe('Limite.');
    expect((await runAssistantTurn([], 'Oi', context, once(reply(200, { ok: false, messages: null, error: 'Filtrada.' })))).error).toBe('Filtrada.');
    expect((await runAssistantTurn([], 'Oi', context, once(reply(502, null)))).error).toBe(AI_ERRORS.notOk);
    expect((await runAssistantTurn([], 'Oi', context, once(reply(200, { unexpected: true })))).error).toBe(AI_ERRORS.notOk);
    expect((await runAssistantTurn([], 'Oi', context, once(call('x', '[1]')))).error).toBe(AI_ERRORS.parseArguments);
    expect((await runAssistantTurn([], 'Oi', context, once(call('x'), reply(400, { error: 'Ferramenta desconhecida' })))).error).toBe(AI_ERRORS.tool);
    expect((await runAssistantTurn([], 'Oi', context, () => Promise.reject(new TypeError('offline')))).error).toBe(AI_ERRORS.fetch);
  });

  it("sends the stored conversation's id back with every round and tool call, and reports it once", async () => {
    const bodies: { path: string; conversation: unknown }[] = [];
    let answered = 0;
    const post: AiPost = async (path, body) => {
      bodies.push({ path, conversation: (body as { conversation?: unknown }).conversation });
      if (!path.startsWith(AI_RESPONSE_PATH)) return reply(200, { ok: true, result: {} });
      answered += 1;
      const message =
        answered === 1
          ? { content: null, function_call: { name: 'list_categories', arguments: '{}' }, refusal: null }
          : { content: 'Pronto.', function_call: null, refusal: null };
      return reply(200, { ok: true, messages: message, error: null, conversation: 'conv0000000001' });
    };
    const events: AssistantEvent[] = [];
    const turn = await runAssistantTurn([], 'Oi', context, post, (e) => events.push(e));
    expect(turn.conversation).toBe('conv0000000001');
    expect(bodies.map((b) => b.conversation)).toEqual([null, 'conv0000000001', 'conv0000000001']);
    expect(events.filter((e) => e.type === 'conversation')).toEqual([{ type: 'conversation', id: 'conv0000000001' }]);
  });

  it('a stopped turn ends with the stop message, whatever the aborted request threw', async () => {
    const stop = new AbortController();
    const post: AiPost = (_path, _body, signal) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const turn = runAssistantTurn([], 'Oi', { ...context, signal: stop.signal }, post);
    stop.abort();
    expect((await turn).error).toBe(AI_STOPPED_MESSAGE);
  });
});
