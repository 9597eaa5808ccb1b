import { readFileSync } from 'node:fs';
import OpenAI from 'openai';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { checkResponse, contractFile, loadContract } from '../../../sandboxes/src/contracts/index.js';
import { OPENAI_SANDBOX_KEY } from '../../../sandboxes/src/openai.js';
import { expectExchangesConform } from '../../../test-support/contracts.js';
import { useSandboxes } from '../../../test-support/sandboxes.js';
import { systemPrompt, toChatMessages } from './conversation.js';
import { TOOL_DEFINITIONS } from './tools.js';

// OpenAI's published contract (sandboxes/contracts/openai) against both sides: the requests our
// assistant builds (its system prompt, its conversation, its real tool definitions), sent through
// the `openai` SDK as functions/src/ai/client.ts sends them, and the sandbox's answers and errors.

const sandboxes = useSandboxes();
const client = () => new OpenAI({ apiKey: OPENAI_SANDBOX_KEY, baseURL: `${sandboxes().urls.openai}/v1`, maxRetries: 0 });
const document = { id: '10437899', collection: 'product' } as Parameters<typeof systemPrompt>[0];

describe('OpenAI Chat Completions against its published contract', () => {
  it("our assistant's requests and the sandbox's answers (tool calls, structured output) conform", async () => {
    const messages = [
      { role: 'system' as const, content: systemPrompt(document, 'Faca do chef') },
      ...toChatMessages([{ role: 'user', content: 'Melhore o título deste produto' }] as Parameters<typeof toChatMessages>[0]),
    ];
    const first = await client().chat.completions.create({ model: 'gpt-4o-mini', messages, tools: TOOL_DEFINITIONS, max_completion_tokens: 800 });
    expect(first.choices[0]!.message.tool_calls?.length).toBeGreaterThan(0);
    await client().chat.completions.create({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: '<dados>{"ProductSiteName":"faca do chef"}</dados>' }],
      response_format: {
        type: 'json_schema',
        json_schema: {
          name: 'title',
          strict: true,
          schema: { type: 'object', properties: { title: { type: 'string' } }, required: ['title'], additionalProperties: false },
        },
      },
    });
    await expectExchangesConform('openai', sandboxes().controls.openai.exchanges());
  });

  it("the sandbox's refusals and injected failures carry OpenAI's ErrorResponse, a 429 its Retry-After", async () => {
    await new OpenAI({ apiKey: 'sk-errada', baseURL: `${sandboxes().urls.openai}/v1`, maxRetries: 0 }).chat.completions
      .create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'oi' }] })
      .catch(() => null);
    sandboxes().controls.openai.setFaults([
      { tooManyRequests: { retryAfterSeconds: 2 }, times: 1 },
      { status: 500, times: 1 },
      { status: 503, times: 1 },
    ]);
    for (let i = 0; i < 3; i++)
      await client()
        .chat.completions.create({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'oi' }] })
        .catch(() => null);
    const exchanges = sandboxes().controls.openai.exchanges();
    expect(exchanges.map((e) => e.status)).toEqual([401, 429, 500, 503]);
    expect(exchanges[1]!.responseHeaders['retry-after']).toBe('2');
    await expectExchangesConform('openai', exchanges, { includeFaults: true });
  });

  it("OpenAI's own answer examples (the contract's x-oaiMeta) pass the checker, but for the drift OpenAI's schema itself rejects", async () => {
    const contract = await loadContract('openai');
    const published = parse(readFileSync(contractFile('openai')!, 'utf8')) as {
      paths: Record<string, { post: { 'x-oaiMeta': { examples: { title: string; response: string }[] } } }>;
    };
    const examples = published.paths['/chat/completions']!.post['x-oaiMeta'].examples.filter((e) => !/stream/i.test(e.title)); // a stream's chunks: we never stream
    expect(examples.length).toBeGreaterThan(2);
    const found = examples.map((example) => {
      const body = JSON.parse(example.response) as unknown;
      const violations = checkResponse(
        contract,
        { method: 'POST', path: '/chat/completions' },
        { status: 200, headers: { 'content-type': 'application/json' }, body },
      );
      return [example.title, violations.map((v) => v.message)];
    });
    // 'Functions' and 'Logprobs' predate `message.refusal`, which the schema now requires (the API
    // sends `refusal: null`): the vendor's own examples disagree with its schema, and the schema wins.
    const drift = ['status 200: body.choices[0].message.refusal: required by the contract, missing'];
    expect(Object.fromEntries(found)).toEqual({ Default: [], Functions: drift, 'Image input': [], Logprobs: drift });
  });
});
