import { describe, expect, it } from 'vitest';
import { importsOf, isShipped, packageOf, undeclaredImports } from './dependencies.mjs';

/** @type {import('./dependencies.mjs').Package[]} */
const packages = [
  { dir: '', manifest: { name: 'console', workspaces: ['shared', 'functions'], devDependencies: { vitest: '^4', esbuild: '^0.28' } } },
  { dir: 'shared', manifest: { name: '@console/shared', dependencies: { zod: '^4' } } },
  {
    dir: 'functions',
    manifest: {
      name: 'functions',
      dependencies: { 'firebase-functions': '^7', zod: '^4' },
      devDependencies: { '@console/shared': '0.1.0', '@types/sanitize-html': '^2' },
    },
  },
];

describe('undeclared imports', () => {
  it("finds a type the functions take from a package they do not declare (the router's express)", () => {
    const text = "import type { Request } from 'firebase-functions/v2/https';\nimport type { Response } from 'express';\n";
    expect(undeclaredImports(packages, [{ file: 'functions/src/lib/router.ts', text }])).toEqual([
      { file: 'functions/src/lib/router.ts', specifier: 'express', name: 'express', declaredIn: 'functions/package.json' },
    ]);
  });

  it("keeps a root dev tool out of shipped code, and lets the package's tests use it", () => {
    const text = "import { build } from 'esbuild';";
    expect(undeclaredImports(packages, [{ file: 'functions/src/warehouse/bundle.mjs', text }]).map((u) => u.name)).toEqual(['esbuild']);
    expect(undeclaredImports(packages, [{ file: 'functions/src/warehouse/bundle.test.ts', text }])).toEqual([]);
  });

  it('reads every kind of import, and passes builtins, relative paths, aliases and DefinitelyTyped packages', () => {
    const text = [
      "import fs from 'node:fs';",
      "import path from 'path';",
      "import { a } from './a.js';",
      "import theme from '#chakra-theme/x';",
      "import html from 'sanitize-html';",
      "export { b } from '@console/shared';",
      "const c = await import('left-pad');",
      "const d = require('is-odd');",
    ].join('\n');
    expect(undeclaredImports(packages, [{ file: 'functions/src/x.ts', text }]).map((u) => u.specifier)).toEqual(['left-pad', 'is-odd']);
  });

  it('lets root scripts import the workspaces, but not a workspace import another it does not declare', () => {
    const text = "import { x } from '@console/shared';";
    expect(undeclaredImports(packages, [{ file: 'scripts/seed.mjs', text }])).toEqual([]);
    expect(undeclaredImports([...packages, { dir: 'web', manifest: { name: 'web' } }], [{ file: 'web/src/a.ts', text }])).toHaveLength(1);
  });
});

describe('parts', () => {
  it('names the package of a specifier', () => {
    expect([
      packageOf('@scope/name/sub/path.js'),
      packageOf('firebase-admin/firestore'),
      packageOf('node:fs'),
      packageOf('fs/promises'),
      packageOf('virtual:x'),
      packageOf('./a'),
    ]).toEqual(['@scope/name', 'firebase-admin', null, null, null, null]);
  });

  it('tells shipped code from tests and configs', () => {
    expect(
      ['functions/src/a.ts', 'web/src/b.tsx', 'web/src/b.test.tsx', 'web/vite.config.ts', 'functions/src/x-test-support.ts', 'scripts/a.mjs'].map(isShipped),
    ).toEqual([true, true, false, false, false, false]);
  });

  it('ignores imports written in comments', () => {
    expect(importsOf("// import x from 'nope';\n/* require('nope') */\nimport y from 'yes';")).toEqual(['yes']);
  });
});
