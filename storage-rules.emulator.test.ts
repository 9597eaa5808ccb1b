import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertFails, assertSucceeds, initializeTestEnvironment, type RulesTestEnvironment } from '@firebase/rules-unit-testing';
import { buildStorageRulesRuntime, findJavaHome, javaShim } from './scripts/lib/java.mjs';

// Runs against the stack's Storage emulator (FIREBASE_STORAGE_EMULATOR_HOST), whose rules runtime
// on this machine is ours (tools/storage-rules-runtime, DEVELOPERS.md) on Google's rules engine.
// Objects go under a folder of this run and are removed afterwards.
const rules = readFileSync(new URL('./storage.rules', import.meta.url), 'utf8');
const [host, port] = (process.env.FIREBASE_STORAGE_EMULATOR_HOST ?? '127.0.0.1:9199').split(':');
const projectId = process.env.GCLOUD_PROJECT ?? 'demo-console';
const bucket = `gs://${projectId}.appspot.com`;
const run = `rules-test-${Date.now()}`;

let env: RulesTestEnvironment;

type Claims = { role?: unknown; projects?: unknown };
const as = (uid: string, claims: Claims) => env.authenticatedContext(uid, claims).storage(bucket);
const admin = () => as('admin-1', { role: 'admin', projects: [] });
const staffMain = () => as('staff-main', { role: 'staff', projects: ['main'] });
const staffBoth = () => as('staff-both', { role: 'staff', projects: ['main', 'cookstore'] });
const noRole = () => as('nobody', {});
const anonymous = () => env.unauthenticatedContext().storage(bucket);

const bytes = new TextEncoder().encode('olá, arquivo de teste');
/** An upload; `owner` names the project it belongs to, as the console's uploads do (consoleProject). */
const put = (storage: ReturnType<typeof anonymous>, path: string, owner?: string) =>
  storage
    .ref(path)
    .put(bytes, { contentType: 'text/plain', ...(owner ? { customMetadata: { consoleProject: owner } } : {}) })
    .then((snapshot) => snapshot.ref.fullPath);
const read = (storage: ReturnType<typeof anonymous>, path: string) => storage.ref(path).getMetadata();

const mainFile = `project/main/${run}/conteudo.txt`;
const cookstoreFile = `project/cookstore/${run}/curso.txt`;
const editorFile = `editor/${run}.imagem.txt`;

beforeAll(async () => {
  env = await initializeTestEnvironment({ projectId, storage: { rules, host, port: Number(port) } });
  await env.withSecurityRulesDisabled(async (context) => {
    const storage = context.storage(bucket);
    for (const path of [mainFile, cookstoreFile, editorFile]) await put(storage, path);
  });
});

afterAll(async () => {
  await env?.withSecurityRulesDisabled(async (context) => {
    const storage = context.storage(bucket);
    for (const folder of [`project/main/${run}`, `project/cookstore/${run}`]) {
      const { items } = await storage.ref(folder).listAll();
      await Promise.all(items.map((item) => item.delete()));
    }
    const { items } = await storage.ref('editor').listAll();
    await Promise.all(items.filter((item) => item.name.startsWith(run)).map((item) => item.delete()));
  });
  await env?.cleanup();
});

describe('who reaches what', () => {
  it('signed-out users get nothing', async () => {
    await assertFails(read(anonymous(), mainFile));
    await assertFails(put(anonymous(), `project/main/${run}/anon.txt`));
    await assertFails(read(anonymous(), editorFile));
    await assertFails(put(anonymous(), `editor/${run}.anon.txt`));
  });

  it('a signed-in user without a role gets nothing', async () => {
    await assertFails(read(noRole(), mainFile));
    await assertFails(put(noRole(), `project/main/${run}/x.txt`));
    await assertFails(read(noRole(), editorFile));
    await assertFails(put(noRole(), `editor/${run}.x.txt`));
  });

  it('claims of the wrong shape grant nothing', async () => {
    await assertFails(read(as('odd-1', { role: 'staff', projects: 'main' }), mainFile));
    await assertFails(read(as('odd-2', { role: 'owner', projects: ['main'] }), mainFile));
  });

  it('staff of main read, write, list and delete under project/main/**', async () => {
    await assertSucceeds(read(staffMain(), mainFile));
    const path = `project/main/${run}/novo/aula.txt`;
    await assertSucceeds(put(staffMain(), path));
    await assertSucceeds(staffMain().ref(`project/main/${run}`).listAll());
    await assertSucceeds(staffMain().ref(path).delete());
  });

  it('staff of main cannot reach project/cookstore/** until granted cookstore', async () => {
    await assertFails(read(staffMain(), cookstoreFile));
    await assertFails(put(staffMain(), `project/cookstore/${run}/x.txt`));
    await assertFails(staffMain().ref(`project/cookstore/${run}`).listAll());
    await assertFails(staffMain().ref(cookstoreFile).delete());
    await assertSucceeds(read(staffBoth(), cookstoreFile));
    await assertSucceeds(put(staffBoth(), `project/cookstore/${run}/y.txt`));
  });

  it('console users upload to the editor folder as a file of one of their projects', async () => {
    await assertSucceeds(put(staffMain(), `editor/${run}.foto.txt`, 'main'));
    await assertSucceeds(read(staffMain(), `editor/${run}.foto.txt`));
  });

  it('admins reach every project and the editor folder', async () => {
    await assertSucceeds(read(admin(), mainFile));
    await assertSucceeds(read(admin(), cookstoreFile));
    await assertSucceeds(put(admin(), `project/cookstore/${run}/admin.txt`));
    await assertSucceeds(put(admin(), `editor/${run}.admin.txt`, 'cookstore'));
  });

  it('anything outside project/ and editor/ is denied, even to admins', async () => {
    await assertFails(put(admin(), `outros/${run}.txt`));
    await assertFails(put(admin(), `${run}.txt`));
    await assertFails(read(staffMain(), `project/${run}.txt`));
  });
});

describe('editor/ (shared by every project): a file belongs to the project that uploaded it', () => {
  const staffCookstore = () => as('staff-cook', { role: 'staff', projects: ['cookstore'] });
  const ofMain = `editor/${run}.de-main.txt`;

  beforeAll(async () => {
    await put(staffMain(), ofMain, 'main');
  });

  it('an upload names a project of its uploader', async () => {
    await assertFails(put(staffMain(), `editor/${run}.sem-dono.txt`));
    await assertFails(put(staffMain(), `editor/${run}.alheio.txt`, 'cookstore'));
    await assertFails(put(admin(), `editor/${run}.admin-sem-dono.txt`));
    await assertSucceeds(put(staffBoth(), `editor/${run}.de-cookstore.txt`, 'cookstore'));
  });

  // Metadata changes (re-tagging) are checked on the runtime below: the emulator shows the rules
  // the proposed custom metadata as the stored one too (DEVELOPERS.md).
  it("another project's users cannot read it through the SDK, overwrite it or delete it", async () => {
    await assertFails(read(staffCookstore(), ofMain));
    await assertFails(put(staffCookstore(), ofMain, 'cookstore'));
    await assertFails(put(staffBoth(), ofMain, 'cookstore'));
    await assertFails(staffCookstore().ref(ofMain).delete());
    await assertFails(read(as('staff-none', { role: 'staff', projects: [] }), ofMain));
    await assertSucceeds(read(staffMain(), ofMain));
    await assertSucceeds(put(staffBoth(), ofMain, 'main'));
  });

  it('nobody lists the folder (it holds every store’s files)', async () => {
    await assertFails(staffMain().ref('editor').listAll());
    await assertFails(admin().ref('editor').listAll());
  });

  it('users of the project delete it', async () => {
    const path = `editor/${run}.apagar.txt`;
    await put(staffMain(), path, 'main');
    await assertFails(staffCookstore().ref(path).delete());
    await assertSucceeds(staffBoth().ref(path).delete());
  });

  it('a file stored before uploads named their project is read as before and changed by no client', async () => {
    await assertSucceeds(read(staffMain(), editorFile));
    await assertSucceeds(read(as('staff-none', { role: 'staff', projects: [] }), editorFile));
    await assertFails(put(staffMain(), editorFile, 'main'));
    await assertFails(staffMain().ref(editorFile).delete());
    await assertFails(read(noRole(), editorFile));
  });
});

// Sending a gigabyte through the emulator to see a refusal would take minutes on a shared
// machine, so the size limit is checked on the same runtime and rules, by its own protocol
// (the request firebase-tools sends when an upload finishes).
describe('size limit', () => {
  let runtime: ChildProcessWithoutNullStreams;
  /** The runtime's answer to a request of ours (its protocol: one JSON object per line). */
  interface RuntimeAnswer {
    id: number;
    result?: { rulesVersion?: number; permit?: boolean };
    errors?: unknown[];
  }
  const answers = new Map<number, (message: RuntimeAnswer) => void>();
  let nextId = 1;

  function send(action: string, context: unknown): Promise<RuntimeAnswer> {
    const id = nextId++;
    return new Promise((resolve) => {
      answers.set(id, resolve);
      runtime.stdin.write(`${JSON.stringify({ id, action, context })}\n`);
    });
  }

  beforeAll(async () => {
    const java = findJavaHome();
    if (!java) throw new Error('the Storage rules runtime needs Java 21 or newer under /usr/lib/jvm');
    // Ours even where firebase-tools has downloaded its own: the rules are what is checked here.
    const jar = buildStorageRulesRuntime(java.home);
    expect(jar.reason, 'the rules runtime must build on this machine').toBeUndefined();
    if (!jar.path) throw new Error(`the rules runtime did not build: ${jar.reason}`);
    runtime = spawn(`${javaShim(java)}/java`, ['-jar', jar.path, 'serve'], { stdio: ['pipe', 'pipe', 'pipe'] });
    const lines = createInterface({ input: runtime.stdout });
    lines.on('line', (line) => {
      let message: RuntimeAnswer;
      try {
        message = JSON.parse(line);
      } catch {
        return;
      }
      answers.get(message.id)?.(message);
      answers.delete(message.id);
    });
    await new Promise<void>((resolve) => answers.set(-1, () => resolve()));
    const loaded = await send('load_ruleset', { rulesetName: 'size', source: { files: [{ name: 'storage.rules', content: rules }] } });
    expect(loaded.errors).toEqual([]);
    expect(loaded.result?.rulesVersion).toBe(2);
  });

  afterAll(() => runtime?.stdin.end());

  const object = (path: string, size: number, owner: string) => ({
    map_value: {
      fields: {
        name: { string_value: path },
        size: { int_value: size },
        contentType: { string_value: 'video/mp4' },
        metadata: { map_value: { fields: owner ? { consoleProject: { string_value: owner } } : {} } },
      },
    },
  });
  /** The runtime's verdict on one request, with `resource` (the stored object) as production gives it. */
  const verify = async (
    method: 'create' | 'update',
    path: string,
    {
      size = 1,
      owner = 'main',
      storedOwner,
      projects = ['main'],
      role = 'staff',
    }: { size?: number; owner?: string; storedOwner?: string; projects?: string[]; role?: string } = {},
  ) => {
    const fullPath = `/b/${projectId}.appspot.com/o/${path}`;
    const segments = fullPath
      .split('/')
      .filter(Boolean)
      .map((simple) => ({ simple }));
    const token = { map_value: { fields: { role: { string_value: role }, projects: { list_value: { values: projects.map((p) => ({ string_value: p })) } } } } };
    const answer = await send('verify', {
      rulesetName: 'size',
      service: 'firebase.storage',
      path: fullPath,
      method,
      variables: {
        resource: storedOwner === undefined ? { null_value: null } : object(path, size, storedOwner),
        request: {
          map_value: {
            fields: {
              path: { path_value: { segments } },
              time: { timestamp_value: new Date().toISOString() },
              auth: { map_value: { fields: { uid: { string_value: 'user-1' }, token } } },
              resource: object(path, size, owner),
            },
          },
        },
      },
    });
    expect(answer.errors).toEqual([]);
    return answer.result?.permit as boolean;
  };
  const create = (path: string, size: number) => verify('create', path, { size });

  it('objects below 1 GiB are accepted, 1 GiB and over refused, in both folders', async () => {
    const GiB = 1024 * 1024 * 1024;
    expect(await create(`project/main/${run}/video.mp4`, GiB - 1)).toBe(true);
    expect(await create(`project/main/${run}/video.mp4`, GiB)).toBe(false);
    expect(await create(`editor/${run}.video.mp4`, GiB - 1)).toBe(true);
    expect(await create(`editor/${run}.video.mp4`, 5 * GiB)).toBe(false);
    // The same request for another store is refused whatever the size: the limit is not all that passes.
    expect(await create(`project/cookstore/${run}/video.mp4`, 1)).toBe(false);
  });

  it('re-tagging an editor/ object to another project is refused to everyone, even a user of both and admins', async () => {
    const path = `editor/${run}.foto.jpg`;
    const both = { projects: ['main', 'cookstore'] };
    expect(await verify('update', path, { storedOwner: 'main', owner: 'cookstore', ...both })).toBe(false);
    expect(await verify('update', path, { storedOwner: 'main', owner: 'cookstore', role: 'admin', projects: [] })).toBe(false);
    expect(await verify('update', path, { storedOwner: 'main', owner: 'cookstore', projects: ['cookstore'] })).toBe(false);
    expect(await verify('update', path, { storedOwner: 'main', owner: '', ...both })).toBe(false);
    // A stored object without an owner (uploaded before) is not claimed by a client either.
    expect(await verify('update', path, { storedOwner: '', owner: 'main' })).toBe(false);
    // Its own project's users change its other metadata.
    expect(await verify('update', path, { storedOwner: 'main', owner: 'main' })).toBe(true);
    expect(await verify('update', path, { storedOwner: 'main', owner: 'main', projects: ['cookstore'] })).toBe(false);
  });
});
