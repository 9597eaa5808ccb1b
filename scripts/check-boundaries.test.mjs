// The boundary check on small trees laid out as the console (temporary folders): it passes on a
// clean one and fails, naming the rule, on each kind of break planted in a copy of it.
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { checkBoundaries } from './lib/boundaries.mjs';

const CHECK = join(dirname(fileURLToPath(import.meta.url)), 'check-boundaries.mjs');

/** A clean tree: the shared package imported by its name, a router, a screen, features, lib. */
const CLEAN = {
  'package.json': JSON.stringify({ name: 'fixture', private: true, type: 'module', workspaces: ['shared', 'functions', 'web'] }),
  'shared/package.json': JSON.stringify({ name: '@console/shared', type: 'module', main: 'src/index.ts', exports: { '.': './src/index.ts' } }),
  'shared/src/index.ts': "export { depth } from './conditions/tree.js';\n",
  'shared/src/conditions/tree.ts': 'export const depth = (n: number): number => n;\n',
  'web/package.json': JSON.stringify({ name: 'web', type: 'module', dependencies: { '@console/shared': '0.1.0' } }),
  'web/src/main.tsx': "import { router } from './routes/router.js';\nexport const app = router;\n",
  'web/src/routes/router.tsx': "import { CollectionScreen } from './collection/CollectionScreen.js';\nexport const router = [CollectionScreen];\n",
  'web/src/routes/collection/CollectionScreen.tsx':
    "import { depth } from '@console/shared';\nimport { ProductPanel } from '../../product/index.js';\nimport { title } from './title.js';\nexport const CollectionScreen = () => [ProductPanel(), title, depth(1)];\n",
  'web/src/routes/collection/title.ts': "export const title = 'Coleção';\n",
  'web/src/product/index.ts': "export { ProductPanel } from './ProductPanel.js';\n",
  'web/src/product/ProductPanel.tsx': "import { parts } from './components/parts.js';\nexport const ProductPanel = () => parts;\n",
  'web/src/product/components/parts.tsx': "import { format } from '../../lib/format.js';\nexport const parts = format(1);\n",
  'web/src/lib/format.ts': 'export const format = (n: number): string => String(n);\n',
  'web/src/product/ProductPanel.test.ts': "import { ProductPanel } from './ProductPanel.js';\nexport const panel = ProductPanel();\n",
  'functions/package.json': JSON.stringify({ name: 'functions', type: 'module', dependencies: { '@console/shared': '0.1.0' } }),
  'functions/src/index.ts': "export { syncEndpoints } from './sync/endpoints.js';\n",
  'functions/src/sync/endpoints.ts':
    "import { depth } from '@console/shared';\nimport { log } from '../lib/log.js';\nexport const syncEndpoints = [log, depth];\n",
  'functions/src/lib/log.ts': 'export const log = (s: string): string => s;\n',
};

/** @type {string[]} */
const roots = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

/**
 * Writes the clean tree with `changes` laid over it (a file's new text) in a new temporary folder.
 * @param {Record<string, string>} [changes]
 */
function tree(changes = {}) {
  const root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  roots.push(root);
  for (const [path, text] of Object.entries({ ...CLEAN, ...changes })) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // The workspace link npm makes, through which `@console/shared` resolves.
  mkdirSync(join(root, 'node_modules', '@console'), { recursive: true });
  symlinkSync(join(root, 'shared'), join(root, 'node_modules', '@console', 'shared'), 'dir');
  return root;
}

/** The rules a tree breaks, each once. @param {Record<string, string>} [changes] */
async function brokenRules(changes) {
  const { violations, modules } = await checkBoundaries({ root: tree(changes) });
  expect(modules).toBeGreaterThanOrEqual(Object.keys(CLEAN).filter((p) => /\.tsx?$/.test(p)).length);
  return { rules: [...new Set(violations.map((v) => v.rule))].sort(), violations };
}

// Each cruise takes a fraction of a second alone, more on a machine busy with other work.
describe('the import boundary check', { timeout: 30_000 }, () => {
  it('passes on a tree that keeps every boundary', async () => {
    expect((await brokenRules()).violations).toEqual([]);
  });

  it('lets a screen compose another through its Screen component, tests reach internals and sandboxes, e2e reach web', async () => {
    const { violations } = await brokenRules({
      'web/src/routes/settings/SettingsScreen.tsx':
        "import { CollectionScreen } from '../collection/CollectionScreen.js';\nexport const SettingsScreen = CollectionScreen;\n",
      'web/src/routes/router.tsx':
        "import { CollectionScreen } from './collection/CollectionScreen.js';\nimport { SettingsScreen } from './settings/SettingsScreen.js';\nexport const router = [CollectionScreen, SettingsScreen];\n",
      'web/src/lib/format.test.ts': "import { parts } from '../product/components/parts.js';\nexport const checked = parts;\n",
      'functions/src/sync/endpoints.test.ts': "import { vendor } from '../../../sandboxes/src/vendor.js';\nexport const checked = vendor;\n",
      'sandboxes/src/vendor.ts': "export const vendor = 'bling';\n",
      'e2e/product.test.ts': "import { parts } from '../web/src/product/components/parts.js';\nexport const checked = parts;\n",
    });
    expect(violations).toEqual([]);
  });

  it('fails on a file circle, naming the files in it', async () => {
    const { rules, violations } = await brokenRules({
      'web/src/lib/format.ts': "import { digits } from './digits.js';\nexport const format = (n: number): string => digits(n);\n",
      'web/src/lib/digits.ts': "import { format } from './format.js';\nexport const digits = (n: number): string => (n > 9 ? format(n / 10) : String(n));\n",
    });
    expect(rules).toEqual(['no-circular']);
    expect(violations).toHaveLength(1);
    expect(violations[0].message).toMatch(/^file circle: web\/src\/lib\/(format|digits)\.ts → web\/src\/lib\/(digits|format)\.ts → /);
  });

  it('fails on a folder circle that no file circle makes', async () => {
    // product/ → lib/ (parts → format) and lib/ → product/ (price → ProductPanel): no file imports itself.
    const { rules, violations } = await brokenRules({
      'web/src/lib/price.ts': "import { ProductPanel } from '../product/index.js';\nexport const price = ProductPanel;\n",
    });
    expect(rules).toEqual(['no-folder-circular']);
    expect(violations[0].message).toContain('folder circle in web/src/ among lib/, product/');
    expect(violations[0].message).toContain('lib/ → product/ (web/src/lib/price.ts → web/src/product/index.ts)');
  });

  it('fails on an import of a route from outside the router', async () => {
    // From a feature no screen imports, so that no folder circle comes with it.
    const { rules, violations } = await brokenRules({
      'web/src/banner/heading.ts': "import { title } from '../routes/collection/title.js';\nexport const heading = title;\n",
    });
    expect(rules).toEqual(['no-route-imports']);
    expect(violations[0].from).toBe('web/src/banner/heading.ts');
    expect(violations[0].to).toBe('web/src/routes/collection/title.ts');
  });

  it("fails on an import of a feature's internals from another folder", async () => {
    const { rules } = await brokenRules({
      'web/src/routes/collection/title.ts': "import { parts } from '../../product/components/parts.js';\nexport const title = parts;\n",
    });
    expect(rules).toEqual(['no-feature-internals']);
  });

  it('fails on the shared package imported by a path into its source', async () => {
    const { rules } = await brokenRules({
      'functions/src/lib/log.ts': "import { depth } from '../../../shared/src/conditions/tree.js';\nexport const log = (s: string): string => s + depth(1);\n",
    });
    expect(rules).toEqual(['shared-by-package-name']);
  });

  it("fails on one package's source importing another's", async () => {
    const { rules } = await brokenRules({
      'functions/src/lib/log.ts': "import { format } from '../../../web/src/lib/format.js';\nexport const log = (s: string): string => s + format(1);\n",
    });
    expect(rules).toEqual(['no-other-package-source']);
  });

  it('is the step `npm run check` runs: exit status 1 and the broken import printed, 0 on a clean tree', () => {
    const broken = tree({ 'web/src/banner/heading.ts': "import { title } from '../routes/collection/title.js';\nexport const heading = title;\n" });
    const failed = spawnSync(process.execPath, [CHECK, '--root', broken], { encoding: 'utf8' });
    expect(failed.status).toBe(1);
    expect(failed.stdout).toContain('no-route-imports (1): A screen in web/src/routes is imported only by the router');
    expect(failed.stdout).toContain('web/src/banner/heading.ts → web/src/routes/collection/title.ts');

    const passed = spawnSync(process.execPath, [CHECK, '--root', tree()], { encoding: 'utf8' });
    expect(passed.stdout).toContain('0 broken, 0 warned');
    expect(passed.status).toBe(0);
  }, 60_000);
});
