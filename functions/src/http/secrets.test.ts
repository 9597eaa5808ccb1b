import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import * as deployed from '../index.js';

/**
 * Each deployed function declares exactly the secrets its code reads (issue 24). What a module
 * reads is found statically: esbuild bundles it alone (our files only, packages left out, unused
 * code shaken off) and the secret's accessor of config.ts (`openAiApiKey()`, …, the only readers
 * of a secret) is in the bundle or not. An HTTPS function is checked endpoint by endpoint (each
 * endpoint module of its feature's list), a background function by the module defining it.
 */

const SRC = dirname(dirname(fileURLToPath(import.meta.url)));
const CONFIG = join(SRC, 'config.ts');

/** Secret name → the name of the config.ts accessor that reads it. */
function secretAccessors(configSource: string): Map<string, string> {
  const params = new Map([...configSource.matchAll(/export const (\w+) = defineSecret\('(\w+)'\)/g)].map((m) => [m[1]!, m[2]!]));
  const accessors = new Map<string, string>();
  for (const m of configSource.matchAll(/export function (\w+)\(\): string \{\s*return (\w+)\.value\(\);/g)) {
    const secret = params.get(m[2]!);
    if (secret) accessors.set(secret, m[1]!);
  }
  return accessors;
}
const ACCESSORS = secretAccessors(readFileSync(CONFIG, 'utf8'));

/** The module bundled alone: what it can run, and the local files it imports directly. */
async function bundleAlone(file: string): Promise<{ code: string; imports: string[] }> {
  const result = await build({
    entryPoints: [file],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'node',
    packages: 'external',
    treeShaking: true,
    metafile: true,
    logLevel: 'silent',
  });
  const input = Object.entries(result.metafile.inputs).find(([path]) => join(process.cwd(), path) === file || path === file)?.[1];
  const imports = (input?.imports ?? []).filter((i) => !i.external).map((i) => join(process.cwd(), i.path));
  return { code: result.outputFiles[0]!.text, imports };
}

/** The secrets a module's code reaches (its bundle keeps the accessor's function). */
async function secretsRead(file: string): Promise<string[]> {
  const { code } = await bundleAlone(file);
  return [...ACCESSORS].filter(([, accessor]) => new RegExp(`\\bfunction ${accessor}\\d*\\(`).test(code)).map(([secret]) => secret);
}

interface DeployedFunction {
  name: string;
  declares: string[];
  /** Each part of its code (an endpoint module, or the trigger's module) with the secrets it reads. */
  parts: { module: string; reads: string[] }[];
}

/** What is wrong: a secret declared that no part reads, or a part reading one not declared. */
function secretMismatches(fn: DeployedFunction): string[] {
  const read = new Set(fn.parts.flatMap((p) => p.reads));
  return [
    ...fn.declares.filter((s) => !read.has(s)).map((s) => `${fn.name} declares ${s}, which none of its endpoints reads`),
    ...fn.parts.flatMap((p) =>
      p.reads.filter((s) => !fn.declares.includes(s)).map((s) => `${fn.name}: ${p.module} reads ${s}, which ${fn.name} does not declare`),
    ),
  ];
}

type Exported = { __endpoint?: { httpsTrigger?: unknown; secretEnvironmentVariables?: { key: string }[] } };
const exported = Object.entries(deployed as unknown as Record<string, Exported | Record<string, Exported>>);

/** Where index.ts takes each background function from (`export { a, b } from './x.js'`). */
function backgroundModules(): Map<string, string> {
  const index = readFileSync(join(SRC, 'index.ts'), 'utf8');
  const modules = new Map<string, string>();
  for (const m of index.matchAll(/export \{([^}]+)\} from '(\.[^']+)\.js'/g)) {
    for (const name of m[1]!.split(',').map((n) => n.trim())) modules.set(name, join(SRC, `${m[2]}.ts`));
  }
  return modules;
}

/** The endpoint lists of an HTTPS function: the features' endpoints.ts it imports (api-functions.ts' table). */
function featureLists(fnName: string): string[] {
  const table = readFileSync(join(SRC, 'http/api-functions.ts'), 'utf8');
  const start = table.indexOf(`  ${fnName}: {`);
  const block = table.slice(start, table.indexOf('\n  },', start));
  const paths = [...block.matchAll(/import\('(\.[^']+)\.js'\)/g)].map((m) => join(SRC, 'http', `${m[1]}.ts`));
  if (!paths.length) throw new Error(`no endpoint list for ${fnName} in api-functions.ts`);
  return paths;
}

async function deployedFunctions(): Promise<DeployedFunction[]> {
  const background = backgroundModules();
  const out: DeployedFunction[] = [];
  for (const [name, value] of exported) {
    // A group (conditionSql: one trigger per collection) is deployed as name-member; same module.
    const members = (value as Exported).__endpoint
      ? [[name, value as Exported] as const]
      : Object.entries(value as Record<string, Exported>).map(([k, v]) => [`${name}-${k}`, v] as const);
    for (const [id, fn] of members) {
      const endpoint = fn.__endpoint!;
      const declares = (endpoint.secretEnvironmentVariables ?? []).map((s) => s.key).sort();
      const modules = endpoint.httpsTrigger
        ? (await Promise.all(featureLists(name).map(bundleAlone))).flatMap((b) => b.imports).filter((f) => !f.endsWith('/lib/endpoint.ts'))
        : [background.get(name)!];
      const parts = await Promise.all(modules.map(async (module) => ({ module: relative(SRC, module), reads: await secretsRead(module) })));
      out.push({ name: id, declares, parts });
    }
  }
  return out;
}

describe('secrets of the deployed functions', () => {
  it('config.ts has an accessor for each secret', () => {
    expect([...ACCESSORS.keys()].sort()).toEqual(['CAMPAIGN_LINK_SECRET', 'GOOGLE_OAUTH_CLIENT_SECRET', 'OPENAI_API_KEY', 'SENDGRID_API_KEY']);
  });

  it('every function declares exactly the secrets its endpoints read', { timeout: 120_000 }, async () => {
    const functions = await deployedFunctions();
    // The list, for the reader of the test output.
    console.log(
      functions
        .map(
          (f) =>
            `${f.name}: declares [${f.declares.join(', ')}]\n${f.parts.map((p) => `    ${p.module}${p.reads.length ? ` reads ${p.reads.join(', ')}` : ''}`).join('\n')}`,
        )
        .join('\n'),
    );
    expect(functions.map((f) => f.name)).toEqual(expect.arrayContaining(['apiPlatform', 'apiAi', 'apiCampaigns', 'syncTask', 'campaignSendTask']));
    expect(functions.flatMap(secretMismatches)).toEqual([]);
    // The analysis sees through imports: the AI endpoints reach OPENAI_API_KEY through ai/client.ts.
    expect(functions.find((f) => f.name === 'apiAi')?.parts.find((p) => p.module === 'ai/console-products-ai-response.ts')?.reads).toEqual(['OPENAI_API_KEY']);
  });

  describe('fails on a planted case (fixture modules in a temporary folder, importing the real config.ts)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'secrets-fixture-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));
    const config = CONFIG.replace(/\.ts$/, '.js');
    const plant = (name: string, source: string) => {
      const file = join(dir, name);
      writeFileSync(file, source);
      return file;
    };
    // An endpoint reading the OpenAI key through a helper of its own, and one reading nothing.
    plant('helper.ts', `import { openAiApiKey } from '${config}';\nexport const keyLength = () => openAiApiKey().length;\n`);
    const reading = plant('reads-openai.ts', `import { keyLength } from './helper.js';\nexport const handle = () => keyLength();\n`);
    const quiet = plant('reads-nothing.ts', `export const handle = () => 'ok';\n`);

    it('an endpoint reads a secret its function does not declare', async () => {
      const fn = { name: 'fixtureSmall', declares: [], parts: [{ module: 'reads-openai.ts', reads: await secretsRead(reading) }] };
      expect(secretMismatches(fn)).toEqual(['fixtureSmall: reads-openai.ts reads OPENAI_API_KEY, which fixtureSmall does not declare']);
    });

    it('a function declares a secret none of its endpoints reads', async () => {
      const fn = {
        name: 'fixtureBig',
        declares: ['OPENAI_API_KEY', 'SENDGRID_API_KEY'],
        parts: [
          { module: 'reads-openai.ts', reads: await secretsRead(reading) },
          { module: 'reads-nothing.ts', reads: await secretsRead(quiet) },
        ],
      };
      expect(secretMismatches(fn)).toEqual(['fixtureBig declares SENDGRID_API_KEY, which none of its endpoints reads']);
    });
  });

  it('.value() is called in config.ts alone', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name) && path !== CONFIG && /\.value\(\)/.test(readFileSync(path, 'utf8')))
          offenders.push(relative(SRC, path));
      }
    };
    walk(SRC);
    expect(offenders).toEqual([]);
  });
});
