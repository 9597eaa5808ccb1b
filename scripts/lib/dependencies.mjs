// Which packages a file imports that its package.json does not declare. npm hoists every
// workspace's dependencies to the root node_modules, so such an import resolves here and fails
// (or bundles an unpinned version) where only that package is installed: Cloud Functions installs
// functions/package.json alone. Used by scripts/check-dependencies.mjs.
import { builtinModules } from 'node:module';
import ts from 'typescript';

/**
 * @typedef {{ name?: string, dependencies?: Record<string, string>, devDependencies?: Record<string, string>,
 *   peerDependencies?: Record<string, string>, optionalDependencies?: Record<string, string>, workspaces?: string[] }} Manifest
 * @typedef {{ dir: string, manifest: Manifest }} Package  dir: '' for the root, else e.g. 'functions'
 * @typedef {{ file: string, specifier: string, name: string, declaredIn: string }} Undeclared
 */

const BUILTINS = new Set(builtinModules);

/**
 * The package a specifier names (`@scope/name/sub` → `@scope/name`), or null for what no package.json declares.
 * @param {string} specifier
 */
export function packageOf(specifier) {
  const bare = specifier.split('?')[0] ?? '';
  if (!bare || /^[./#]/.test(bare) || /^[a-z][\w+.-]*:/i.test(bare)) return null; // relative, alias, node:, virtual:, data:
  const parts = bare.split('/');
  const name = bare.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] ?? '');
  return BUILTINS.has(name) ? null : name;
}

/**
 * Every module a source file imports: static, `import type`, `export … from`, `import()`, `require()`.
 * @param {string} text
 */
export function importsOf(text) {
  return ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName);
}

/**
 * Code a package ships (the functions' and the SPA's source, the shared package): it may import only
 * what its own package.json declares. Tests, their support, configs and tools run from the root with
 * its dev tools (vitest, fast-check, playwright) at hand.
 * @param {string} file repository-relative, with '/'
 */
export function isShipped(file) {
  if (/\.test\.[cm]?[jt]sx?$|-test-support\.[jt]s$|(^|\/)[\w.-]+\.config\.[cm]?[jt]s$/.test(file)) return false;
  return /^(functions|shared|web)\/src\//.test(file);
}

/** @param {Manifest} manifest */
function declared(manifest) {
  return new Set(
    [manifest.dependencies, manifest.devDependencies, manifest.peerDependencies, manifest.optionalDependencies].flatMap((deps) => Object.keys(deps ?? {})),
  );
}

/**
 * The imports of `files` no package.json in reach declares.
 * @param {Package[]} packages the root (dir '') and the workspaces
 * @param {{ file: string, text: string }[]} files repository-relative paths
 * @returns {Undeclared[]}
 */
export function undeclaredImports(packages, files) {
  const root = packages.find((p) => p.dir === '');
  if (!root) throw new Error('the root package.json is missing');
  const workspaceNames = new Set(packages.flatMap((p) => (p.dir && p.manifest.name ? [p.manifest.name] : [])));
  const byDepth = packages.filter((p) => p.dir).sort((a, b) => b.dir.length - a.dir.length);
  /** @type {Undeclared[]} */
  const found = [];
  for (const { file, text } of files) {
    /** @type {Package} */
    const own = byDepth.find((p) => file.startsWith(`${p.dir}/`)) ?? root;
    const allowed = declared(own.manifest);
    // Outside shipped code the root's dev tools are in reach; at the root the workspaces are too.
    if (!isShipped(file)) for (const name of declared(root.manifest)) allowed.add(name);
    if (own === root || !isShipped(file)) for (const name of workspaceNames) allowed.add(name);
    if (own.manifest.name) allowed.add(own.manifest.name);
    for (const specifier of importsOf(text)) {
      const name = packageOf(specifier);
      // A package's types may come from DefinitelyTyped (`estree` → `@types/estree`).
      const typesName = name && `@types/${name.startsWith('@') ? name.slice(1).replace('/', '__') : name}`;
      if (name && !allowed.has(name) && !allowed.has(typesName ?? '')) found.push({ file, specifier, name, declaredIn: `${own.dir || '.'}/package.json` });
    }
  }
  return found;
}
