/**
 * Options of a select_nested (document 1 §3: a reference shown as a tree by `parent`): documents
 * of another collection, children indented under their parents. Pure, so cycles and orphans in
 * stored data are handled in one tested place.
 */

export interface TreeEntry {
  id: string;
  /** Parent document id; null for a root. */
  parent: string | null;
  label: string;
  /** `order` field (lowest first); null when missing. */
  order: number | null;
}

export interface TreeOption {
  id: string;
  label: string;
  /** 0 for roots, 1 for their children... */
  depth: number;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim()) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** A document as a tree entry; the label is `labelField`, else title, else name, else the id. */
export function toTreeEntry(id: string, data: Record<string, unknown>, labelField?: string): TreeEntry {
  const label = (labelField ? text(data[labelField]) : null) ?? text(data.title) ?? text(data.name) ?? id;
  const parent = typeof data.parent === 'string' && data.parent !== '' ? data.parent : null;
  const order = typeof data.order === 'number' && Number.isFinite(data.order) ? data.order : null;
  return { id, parent, label, order };
}

const collator = new Intl.Collator('pt-BR', { sensitivity: 'base', numeric: true });

/** Siblings: by order (missing last), then label, then id. */
function compareEntries(a: TreeEntry, b: TreeEntry): number {
  if (a.order !== b.order) {
    if (a.order === null) return 1;
    if (b.order === null) return -1;
    return a.order - b.order;
  }
  return collator.compare(a.label, b.label) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/**
 * The entries in tree order (depth-first), each once. An entry whose parent is missing from the
 * list (an orphan) or is itself is a root; entries caught in a parent cycle are reachable from no
 * root, so each cycle is shown from its first member.
 */
export function buildOptionTree(entries: readonly TreeEntry[]): TreeOption[] {
  const ids = new Set(entries.map((e) => e.id));
  const children = new Map<string | null, TreeEntry[]>();
  for (const entry of entries) {
    const parent = entry.parent !== null && entry.parent !== entry.id && ids.has(entry.parent) ? entry.parent : null;
    const siblings = children.get(parent);
    if (siblings) siblings.push(entry);
    else children.set(parent, [entry]);
  }
  for (const siblings of children.values()) siblings.sort(compareEntries);

  const options: TreeOption[] = [];
  const visited = new Set<string>();
  // Iterative depth-first walk: a 1000-deep chain must not overflow the stack.
  const walk = (root: TreeEntry) => {
    const stack: Array<{ entry: TreeEntry; depth: number }> = [{ entry: root, depth: 0 }];
    while (stack.length > 0) {
      const { entry, depth } = stack.pop()!;
      if (visited.has(entry.id)) continue;
      visited.add(entry.id);
      options.push({ id: entry.id, label: entry.label, depth });
      const kids = children.get(entry.id) ?? [];
      for (let i = kids.length - 1; i >= 0; i--) stack.push({ entry: kids[i], depth: depth + 1 });
    }
  };
  for (const root of children.get(null) ?? []) walk(root);
  for (const entry of [...entries].sort(compareEntries)) if (!visited.has(entry.id)) walk(entry);
  return options;
}

/** The options without `id` and everything under it (a category cannot sit under itself). */
export function withoutSubtree(options: readonly TreeOption[], id: string): TreeOption[] {
  const start = options.findIndex((o) => o.id === id);
  if (start === -1) return [...options];
  let end = start + 1;
  while (end < options.length && options[end].depth > options[start].depth) end++;
  return [...options.slice(0, start), ...options.slice(end)];
}

/** The option's text in a native select: indented with non-breaking spaces by depth. */
export function indentedLabel(option: TreeOption): string {
  return `${'\u00a0\u00a0\u00a0\u00a0'.repeat(option.depth)}${option.label}`;
}
