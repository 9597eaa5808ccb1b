import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildStorageRulesRuntime, findJavaHome, javaShim } from '../../scripts/lib/java.mjs';

// Our Storage rules runtime (StorageRulesRuntime.java) driven by firebase-tools' own client
// (lib/emulator/storage/rules/runtime.js, the code the Storage emulator runs), so a protocol change
// in a firebase-tools upgrade shows here; the Firestore look-up, which needs a running Firestore
// emulator in that client, is driven over the raw protocol. No stack needed, only Java.
const java = findJavaHome();
if (!java) throw new Error('the Storage rules runtime needs Java 21 or newer under /usr/lib/jvm');
const jar = buildStorageRulesRuntime(java.home);
const shim = javaShim(java);

/** An unsigned ID token as the SDKs' emulator mode sends it (the emulator only decodes it). */
function token(claims: Record<string, unknown>) {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({ user_id: 'u1', sub: 'u1', ...claims })}.`;
}

const RULES = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /docs/{name} {
      allow read: if request.auth != null && request.auth.token.get('role', '') == 'staff';
      allow create: if request.auth != null && request.resource.size < 100
        && request.resource.contentType.matches('text/.*');
      allow delete: if resource.metadata.get('locked', 'no') != 'yes';
    }
  }
}`;

/** What a compiled ruleset of firebase-tools' client (untyped JavaScript) answers. */
interface ClientRuleset {
  rulesVersion: number;
  verify(options: Record<string, unknown>): Promise<{ permitted: boolean }>;
}
/** The part of firebase-tools' StorageRulesRuntime this test drives. */
interface RulesRuntimeClient {
  start(autoDownload: boolean): Promise<void>;
  stop(): Promise<void>;
  loadRuleset(source: { files: { name: string; content: string }[] }): Promise<{ ruleset?: ClientRuleset; issues: { errors: string[] } }>;
}
/** A line of the runtime's protocol: the answer to request `id`, or its own request (a Firestore look-up). */
interface ProtocolMessage {
  id?: number;
  server_request_id?: number;
  result?: { permit?: boolean };
  errors?: unknown[];
  context?: { path: string };
}

describe("with firebase-tools' client", () => {
  let runtime: RulesRuntimeClient | undefined;
  // Set once the client has started; the tests run after that.
  const client = () => {
    if (!runtime) throw new Error('the rules runtime client did not start');
    return runtime;
  };
  const savedEnv = { PATH: process.env.PATH, STORAGE_EMULATOR_BINARY_PATH: process.env.STORAGE_EMULATOR_BINARY_PATH };

  beforeAll(async () => {
    expect(jar.reason).toBeUndefined();
    // The client runs `java -jar $STORAGE_EMULATOR_BINARY_PATH serve`, `java` from PATH, as under
    // the stack; firebase-tools reads that variable when its module loads, so it is set first.
    process.env.PATH = `${shim}:${join(java.home, 'bin')}:${process.env.PATH}`;
    process.env.STORAGE_EMULATOR_BINARY_PATH = jar.path;
    const { StorageRulesRuntime } = createRequire(import.meta.url)('firebase-tools/lib/emulator/storage/rules/runtime.js');
    const started: RulesRuntimeClient = new StorageRulesRuntime();
    runtime = started;
    await started.start(false);
  });

  afterAll(async () => {
    await runtime?.stop();
    Object.assign(process.env, savedEnv);
  });

  const file = (after: Record<string, unknown> | undefined, before?: Record<string, unknown>) => ({ after, before });

  it('compiles rules and evaluates get, create and delete with the request and the stored object', async () => {
    const { ruleset, issues } = await client().loadRuleset({ files: [{ name: 'storage.rules', content: RULES }] });
    expect(issues.errors).toEqual([]);
    expect(ruleset?.rulesVersion).toBe(2);
    const verify = async (opts: Record<string, unknown>) =>
      (await ruleset?.verify({ projectId: 'demo-x', path: 'b/demo-x.appspot.com/o/docs/a.txt', file: file(undefined), ...opts }))?.permitted;

    expect(await verify({ method: 'get', token: token({ role: 'staff' }) })).toBe(true);
    expect(await verify({ method: 'get', token: token({ role: 'admin' }) })).toBe(false);
    expect(await verify({ method: 'get', token: token({}) })).toBe(false);
    expect(await verify({ method: 'get' })).toBe(false);

    const upload = (size: number, contentType: string) => file({ name: 'docs/a.txt', size, contentType, metadata: {} });
    expect(await verify({ method: 'create', token: token({}), file: upload(99, 'text/plain') })).toBe(true);
    expect(await verify({ method: 'create', token: token({}), file: upload(100, 'text/plain') })).toBe(false);
    expect(await verify({ method: 'create', token: token({}), file: upload(10, 'image/png') })).toBe(false);
    expect(await verify({ method: 'create', file: upload(10, 'text/plain') })).toBe(false);

    const stored = (locked: string) => file(undefined, { name: 'docs/a.txt', size: 5, metadata: { locked }, timeCreated: new Date() });
    expect(await verify({ method: 'delete', file: stored('no') })).toBe(true);
    expect(await verify({ method: 'delete', file: stored('yes') })).toBe(false);
  });

  it('reports compile errors the way the emulator logs them, and then has no ruleset', async () => {
    const { ruleset, issues } = await client().loadRuleset({
      files: [{ name: 'storage.rules', content: "rules_version = '2';\nservice firebase.storage { match /b/{b}/o { allow read: if ; } }" }],
    });
    expect(ruleset).toBeUndefined();
    expect(issues.errors.length).toBeGreaterThan(0);
    // manager.js prints `${description_} in ${sourcePosition_.fileName_}:${sourcePosition_.line_}`.
    const issue = JSON.parse(issues.errors[0]);
    expect(issue.description_).toEqual(expect.any(String));
    expect(issue.sourcePosition_).toMatchObject({ fileName_: 'storage.rules', line_: 2 });
  });

  it('tells version 1 rules apart (list needs version 2)', async () => {
    const { ruleset } = await client().loadRuleset({
      files: [{ name: 'storage.rules', content: 'service firebase.storage { match /b/{b}/o { match /{all=**} { allow read: if true; } } }' }],
    });
    expect(ruleset?.rulesVersion).toBe(1);
    const listed = await ruleset?.verify({ projectId: 'demo-x', method: 'list', path: 'b/demo-x.appspot.com/o/docs', file: file(undefined) });
    expect(listed?.permitted).toBe(false);
  });
});

describe('Firestore look-ups (cross-service rules), over the raw protocol', () => {
  let child: ReturnType<typeof spawn>;
  const waiting = new Map<number | undefined, (message: ProtocolMessage) => void>();
  const next = (id: number) => new Promise<ProtocolMessage>((resolve) => waiting.set(id, resolve));
  const write = (message: unknown) => child.stdin!.write(`${JSON.stringify(message)}\n`);

  beforeAll(async () => {
    const started = next(-1);
    if (!jar.path) throw new Error(`the rules runtime did not build: ${jar.reason}`);
    child = spawn(`${shim}/java`, ['-jar', jar.path, 'serve'], { stdio: ['pipe', 'pipe', 'inherit'] });
    createInterface({ input: child.stdout! }).on('line', (line) => {
      let message: ProtocolMessage;
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      waiting.get(message.id ?? message.server_request_id)?.(message);
    });
    await started;
    const rules = `rules_version = '2';
service firebase.storage {
  match /b/{bucket}/o {
    match /project/{p}/{all=**} {
      allow read: if firestore.get(/databases/(default)/documents/project/$(p)/member/$(request.auth.uid)).data.role == 'editor'
        && firestore.exists(/databases/(default)/documents/project/$(p));
    }
  }
}`;
    const loaded = next(1);
    write({ id: 1, action: 'load_ruleset', context: { rulesetName: 'fs', source: { files: [{ name: 'storage.rules', content: rules }] } } });
    expect((await loaded).errors).toEqual([]);
  });

  afterAll(() => {
    child?.stdin?.end();
  });

  /** A verify whose look-ups are answered by `answer(path)` (a Firestore REST document or null). */
  async function read(id: number, answer: (path: string) => Record<string, unknown> | null) {
    const asked: string[] = [];
    const path = `/b/demo-x.appspot.com/o/project/main/a.txt`;
    let reply = next(id);
    write({
      id,
      action: 'verify',
      context: {
        rulesetName: 'fs',
        service: 'firebase.storage',
        path,
        method: 'get',
        variables: {
          resource: { null_value: null },
          request: { map_value: { fields: { auth: { map_value: { fields: { uid: { string_value: 'u1' }, token: { map_value: { fields: {} } } } } } } } },
        },
      },
    });
    while (true) {
      const message = await reply;
      if (!message.context) return { permit: message.result?.permit, asked };
      // firebase-tools fetches `projects/<project>${context.path}` from Firestore and answers under the same id.
      asked.push(message.context.path);
      const document = answer(message.context.path);
      reply = next(id);
      write(document ? { id, status: 'ok', result: document, warnings: [], errors: [] } : { id, status: 'not_found', warnings: [], errors: [] });
    }
  }

  it('asks for each document in turn and evaluates with what comes back', async () => {
    const member = { name: 'projects/demo-x/databases/(default)/documents/project/main/member/u1', fields: { role: { stringValue: 'editor' } } };
    const store = { name: 'projects/demo-x/databases/(default)/documents/project/main', fields: {} };
    const docs: Record<string, unknown> = {
      '/databases/(default)/documents/project/main/member/u1': member,
      '/databases/(default)/documents/project/main': store,
    };
    const allowed = await read(10, (path) => (docs[path] as Record<string, unknown>) ?? null);
    expect(allowed).toEqual({ permit: true, asked: Object.keys(docs) });

    const viewer = await read(11, (path) => (path.endsWith('/u1') ? { ...member, fields: { role: { stringValue: 'viewer' } } } : store));
    expect(viewer.permit).toBe(false);
    const noMember = await read(12, (path) => (path.endsWith('/u1') ? null : store));
    expect(noMember.permit).toBe(false);
  });
});
