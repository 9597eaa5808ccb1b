// The import boundaries `npm run check` keeps (issue 24, target layout): dependency-cruiser reads
// every import of every part (type-only ones too, resolved as TypeScript resolves them) and checks
// the rules below; the folder circles are found here over its result, since dependency-cruiser's
// own `circular` rule sees files only.
//
// The rules, in the words of the layout:
// - A package is reached by its name: outside shared/, the shared package is imported as
//   `@console/shared`, never by a relative path into shared/src; no package's source (web/src,
//   functions/src, sandboxes/src) imports another's. The test harness (test-support/, e2e/,
//   bench/, tools/) may import the packages' source it drives, but test-support/, which the
//   functions' tests use too, imports no web source; scripts/ run the stack and import no
//   package's source.
// - A route is imported only by the router: `web/src/routes/<screen>/**` by the files of the same
//   screen, the files directly in web/src/routes/ (the router), web/src/main.tsx and web/src/app/
//   (the app shell). A screen composes another only through its
//   screen component (`routes/<screen>/<Name>Screen.tsx`). Everything else a screen shows lives in a
//   feature folder.
// - A feature's internals are its subfolders. The files directly in a feature folder
//   (`web/src/form-engine/index.ts`, `functions/src/lib/vendor-http.ts`) are its entries; a file
//   in a subfolder (`web/src/form-engine/values/json-text.ts`, `functions/src/sync/pipeline/…`) is
//   imported only from inside its feature. A feature that offers one re-exports it from an entry.
//   Feature folders are the folders directly under web/src, functions/src and shared/src; the test
//   harness is exempt (a bench or a browser test reaches what it measures).
// - No circle: no file imports itself through others (any kind of import, type-only included),
//   and no feature folder does: in each package's source, the graph of the entries directly under
//   it (feature folders and top files), with an edge where a file in one imports a file in another,
//   has no circle (`form-engine/` → `layout-editor/` → `form-engine/`). Tests are left out of that
//   graph: nothing imports a test, so its imports make no folder depend on another.
// - Tests (`*.test.ts`, `*-test-support.ts`) may reach a feature's internals, the sandboxes and
//   scripts/ (a build helper they check).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cruise } from 'dependency-cruiser';

/** The parts cruised, relative to the root; their files that are not code are skipped. */
export const PARTS = ['shared/src', 'functions/src', 'web/src', 'sandboxes/src', 'scripts', 'test-support', 'e2e', 'bench', 'tools'];

/** The folders whose entries (feature folders and top files) are checked for circles. */
const PACKAGE_SOURCES = ['shared/src', 'functions/src', 'web/src', 'sandboxes/src'];

/** A test file, or a test helper beside the code it tests. */
const TEST = '\\.test\\.[cm]?[jt]sx?$|-test-support\\.[jt]s$';

/** @type {import('dependency-cruiser').IForbiddenRuleType[]} */
export const FORBIDDEN = [
  {
    name: 'no-circular',
    comment: 'A file imports itself through others: break the circle (move what both need into a third file).',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'shared-by-package-name',
    comment: "Outside shared/, import the shared package by its name ('@console/shared'), never by a path into its source.",
    severity: 'error',
    from: { pathNot: '^shared/' },
    // The package's own name resolves (through the workspace link) to shared/src too, but as an
    // aliased or npm dependency; only a relative path is 'local' alone.
    to: { path: '^shared/', dependencyTypes: ['local'], dependencyTypesNot: ['aliased', 'aliased-workspace', 'npm', 'undetermined'] },
  },
  {
    name: 'no-other-package-source',
    comment: "A package's source does not import another package's source (the shared package is imported by its name).",
    severity: 'error',
    from: { path: '^(web|functions|sandboxes|shared)/', pathNot: TEST },
    // (The sandboxes, from a package's code: no-harness-in-package-code.)
    to: { path: '^(web|functions|shared|scripts)/', pathNot: ['^$1/', '^shared/'] },
  },
  {
    name: 'tests-import-no-other-package-source',
    comment:
      "A package's tests import its own source, the shared package (by its name), the test harness, the sandboxes (the vendors' fakes) and scripts/lib (the build's helpers), not another package's source.",
    severity: 'error',
    from: { path: '^(web|functions|sandboxes|shared)/.*(?:\\.test\\.[cm]?[jt]sx?|-test-support\\.[jt]s)$' },
    to: { path: '^(web|functions|shared)/', pathNot: ['^$1/', '^shared/'] },
  },
  {
    name: 'no-harness-in-package-code',
    comment: "A package's code (not its tests) does not import the test harness or the sandboxes.",
    severity: 'error',
    from: { path: '^(web|functions|shared)/src/', pathNot: TEST },
    to: { path: '^(test-support|e2e|bench|tools|sandboxes)/' },
  },
  {
    name: 'test-support-imports-no-web-source',
    comment: "test-support/ serves the functions' tests too: it imports no web source (what both sides use lives in the shared package).",
    severity: 'error',
    from: { path: '^test-support/' },
    to: { path: '^web/' },
  },
  {
    name: 'scripts-import-no-package-source',
    comment:
      "scripts/ run the stack: they import the shared package by its name and no package's source (a helper both need lives in scripts/lib or is exported by the package).",
    severity: 'error',
    from: { path: '^scripts/' },
    to: { path: '^(web|functions|sandboxes)/' },
  },
  {
    name: 'no-route-imports',
    comment:
      'A screen in web/src/routes is imported only by the router (web/src/routes/*, web/src/main.tsx, the app shell in web/src/app) and by its own files: what others need from it belongs in a feature folder.',
    severity: 'error',
    from: { pathNot: ['^web/src/routes/', '^web/src/main\\.tsx$', '^web/src/app/'] },
    to: { path: '^web/src/routes/[^/]+/' },
  },
  {
    name: 'no-other-screen-imports',
    comment:
      'A screen composes another only through its screen component (routes/<screen>/<Name>Screen.tsx), never its other files: what both need belongs in a feature folder.',
    severity: 'error',
    from: { path: '^web/src/routes/([^/]+)/' },
    to: { path: '^web/src/routes/[^/]+/', pathNot: ['^web/src/routes/$1/', '^web/src/routes/[^/]+/[A-Z][^/]*Screen\\.tsx$'] },
  },
  {
    name: 'no-feature-internals',
    comment:
      "Another folder imports a feature through the files directly in its folder, never from its subfolders: re-export what it needs from an entry file (e.g. the feature's index.ts).",
    severity: 'error',
    from: { path: '^((?:web|functions|shared)/src/[^/]+)', pathNot: TEST },
    to: { path: '^(web|functions|shared)/src/[^/]+/[^/]+/', pathNot: ['^$1/', '^web/src/routes/'] },
  },
];

/** What a rule asks, to print once above its breaks. @param {string} name */
export const ruleComment = (name) =>
  name === 'no-folder-circular'
    ? 'A feature folder imports another that imports it back: move what both need into one of them or a third folder, or pass it in.'
    : (FORBIDDEN.find((r) => r.name === name)?.comment ?? '');

/**
 * A broken rule; `severity` is the rule's ('warn' is printed and does not fail the check). No
 * break is accepted on a list: the last known ones were moved behind entries (issue 24).
 * @typedef {{ rule: string, severity: string, from: string, to: string, message: string }} Violation
 * @typedef {{ violations: Violation[], modules: number, dependencies: number }} BoundaryReport
 */

/**
 * Cruises the parts under `root` and returns every broken boundary, circles first.
 * @param {{ root: string, parts?: string[], cacheFolder?: string }} options
 * @returns {Promise<BoundaryReport>}
 */
export async function checkBoundaries({ root, parts = PARTS, cacheFolder }) {
  const { output } = await cruise(
    parts.filter((part) => existsSync(join(root, part))),
    {
      baseDir: root,
      validate: true,
      ruleSet: { forbidden: FORBIDDEN },
      exclude: { path: '(^|/)(node_modules|dist|dist-[^/]+)/|^functions/lib/|\\.d\\.ts$' },
      doNotFollow: { path: 'node_modules' },
      // Type-only imports count: a circle of types is still a circle of files and folders.
      tsPreCompilationDeps: true,
      skipAnalysisNotInRules: true,
      // Reading only what the parts are written in keeps the resolver's look-ups few.
      enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.mjs', '.js', '.d.ts', '.json'] },
      ...(cacheFolder ? { cache: { folder: cacheFolder, strategy: 'content' } } : {}),
    },
    // an import of `x.js` names x.ts (TypeScript's rule): the resolver tries that first instead of failing
    // and retrying, which halves the time spent resolving.
    { extensionAlias: { '.js': ['.ts', '.tsx', '.js'] } },
  );
  if (typeof output === 'string') throw new Error('dependency-cruiser returned text instead of its result');

  /** @type {Violation[]} */
  const violations = [];
  const fileCircles = new Set();
  for (const v of output.summary.violations) {
    if (v.rule.name === 'no-circular') {
      // dependency-cruiser reports a circle once per file in it: one line per circle.
      const cycle = (v.cycle ?? []).map((step) => step.name);
      const key = [...cycle].sort().join('\n');
      if (fileCircles.has(key)) continue;
      fileCircles.add(key);
      violations.push({ rule: 'no-circular', severity: v.rule.severity, from: v.from, to: v.to, message: `file circle: ${[v.from, ...cycle].join(' → ')}` });
    } else {
      violations.push({
        rule: v.rule.name,
        severity: v.rule.severity,
        from: v.from,
        to: v.to,
        message: `${v.from} → ${v.to}`,
      });
    }
  }
  violations.push(...folderCircles(output.modules));
  const order = (/** @type {Violation} */ v) => ['no-circular', 'no-folder-circular'].indexOf(v.rule) >>> 0;
  violations.sort((a, b) => order(a) - order(b) || a.rule.localeCompare(b.rule) || a.message.localeCompare(b.message));
  return {
    violations,
    modules: output.modules.length,
    dependencies: output.summary.totalDependenciesCruised ?? 0,
  };
}

/**
 * Folder circles: in each package's source, the graph of its feature folders and top files (the
 * entries directly under web/src, functions/src, …), with an edge a → b where a file in a imports a
 * file in b. Tests are left out: nothing imports a test, so its imports make no folder depend on
 * another. Every strongly connected set of two or more entries, one of them a folder, is a circle
 * (one of files only is a file circle, reported as such).
 * @param {import('dependency-cruiser').IModule[]} modules
 * @returns {Violation[]}
 */
export function folderCircles(modules) {
  /** @type {Map<string, Map<string, Map<string, string>>>} package source → entry → entry → an example file edge */
  const graphs = new Map();
  /** An entry that is a folder is named with a trailing slash. @param {string} pkg @param {string} file */
  const entry = (pkg, file) => {
    const [first, ...rest] = file.slice(pkg.length + 1).split('/');
    return rest.length ? `${first}/` : first;
  };
  for (const m of modules) {
    const pkg = PACKAGE_SOURCES.find((p) => m.source.startsWith(`${p}/`));
    if (!pkg || new RegExp(TEST).test(m.source)) continue;
    for (const d of m.dependencies) {
      if (!d.resolved.startsWith(`${pkg}/`)) continue;
      const [from, to] = [entry(pkg, m.source), entry(pkg, d.resolved)];
      if (from === to) continue;
      const graph = graphs.get(pkg) ?? new Map();
      graphs.set(pkg, graph);
      const out = graph.get(from) ?? new Map();
      graph.set(from, out);
      if (!out.has(to)) out.set(to, `${m.source} → ${d.resolved}`);
    }
  }
  /** @type {Violation[]} */
  const found = [];
  for (const [pkg, graph] of graphs) {
    for (const component of stronglyConnected(graph)) {
      if (component.length < 2 || !component.some((e) => e.endsWith('/'))) continue;
      const members = new Set(component);
      const edges = component
        .flatMap((from) => [...(graph.get(from) ?? new Map())].filter(([to]) => members.has(to)).map(([to, example]) => `${from} → ${to} (${example})`))
        .sort();
      const names = [...component].sort();
      found.push({
        rule: 'no-folder-circular',
        severity: 'error',
        from: `${pkg}/${names[0]}`,
        to: `${pkg}/${names[1]}`,
        message: `folder circle in ${pkg}/ among ${names.join(', ')}:\n      ${edges.join('\n      ')}`,
      });
    }
  }
  return found;
}

/**
 * Tarjan's strongly connected components of a directed graph.
 * @param {Map<string, Map<string, unknown>>} graph
 * @returns {string[][]}
 */
function stronglyConnected(graph) {
  const nodes = new Set([...graph.keys(), ...[...graph.values()].flatMap((out) => [...out.keys()])]);
  /** @type {Map<string, number>} */ const index = new Map();
  /** @type {Map<string, number>} */ const low = new Map();
  /** @type {string[]} */ const stack = [];
  const onStack = new Set();
  /** @type {string[][]} */ const components = [];
  /** @param {string} v */
  const visit = (v) => {
    index.set(v, index.size);
    low.set(v, index.get(v) ?? 0);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v)?.keys() ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) ?? 0, low.get(w) ?? 0));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v) ?? 0, index.get(w) ?? 0));
    }
    if (low.get(v) === index.get(v)) {
      /** @type {string[]} */ const component = [];
      let w;
      do {
        w = /** @type {string} */ (stack.pop());
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of nodes) if (!index.has(v)) visit(v);
  return components;
}
