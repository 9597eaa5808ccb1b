import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ServedEndpoint } from '../lib/endpoint.js';
import { API_FUNCTIONS, functionServing, hostingRewrites, type ApiFunction } from './api-functions.js';
import { endpoints } from './index.js';
import * as deployed from '../index.js';

const firebaseJson = JSON.parse(readFileSync(new URL('../../../firebase.json', import.meta.url), 'utf8')) as {
  hosting: { rewrites: { source: string; function?: unknown; destination?: string }[] };
};

/** A contract's path with its `:params` filled in, as a request would have it. */
const concretePath = (path: string) => path.replace(/:\w+/g, 'x');

const table = Object.entries(API_FUNCTIONS as Record<string, ApiFunction>);
const served = await Promise.all(table.map(async ([name, fn]) => [name, await fn.endpoints()] as [string, readonly ServedEndpoint[]]));

describe('the HTTPS functions table', () => {
  it("is firebase.json's Hosting rewrites, in order, before the web app's catch-all", () => {
    const rewrites = firebaseJson.hosting.rewrites;
    expect(rewrites.filter((r) => r.function)).toEqual(hostingRewrites());
    expect(rewrites.at(-1)).toEqual({ source: '**', destination: '/index.html' });
  });

  it('routes every endpoint to the function that serves it', () => {
    for (const [name, list] of served) {
      for (const { contract } of list)
        expect(`${contract.method} ${contract.path} → ${functionServing(concretePath(contract.path))}`).toBe(`${contract.method} ${contract.path} → ${name}`);
    }
  });

  it('serves each endpoint of every feature in exactly one function', () => {
    const all = served.flatMap(([, list]) => list.map((e) => e.contract));
    expect(new Set(all).size).toBe(all.length);
    expect(new Set(all)).toEqual(new Set(endpoints.map((e) => e.contract)));
  });

  it('sends unknown /api/ paths to apiPlatform (a JSON 404) and the web app elsewhere', () => {
    expect(functionServing('/api/nothing/here')).toBe('apiPlatform');
    expect(functionServing('/whatsapp/message')).toBe('apiCore');
    expect(functionServing('/produtos')).toBeNull();
  });

  it('is deployed: index.ts exports each function with its memory, timeout and secrets', () => {
    const exported = deployed as unknown as Record<string, { __endpoint?: Record<string, unknown> }>;
    for (const [name, fn] of table) {
      const endpoint = exported[name]?.__endpoint;
      expect(endpoint, name).toBeDefined();
      expect(endpoint).toMatchObject({ httpsTrigger: {}, availableMemoryMb: parseInt(fn.memory), timeoutSeconds: fn.timeoutSeconds });
      expect(((endpoint?.secretEnvironmentVariables as { key: string }[] | undefined) ?? []).map((s) => s.key)).toEqual(fn.secrets.map((s) => s.name));
    }
    expect(Object.keys(exported).filter((k) => exported[k]?.__endpoint?.httpsTrigger)).toEqual(expect.arrayContaining(table.map(([name]) => name)));
  });
});
