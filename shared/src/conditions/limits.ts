/**
 * Bounds on a condition tree, checked by the stored-shape schema (depth) and the type checker
 * (text lengths), so every path — the builder, the previews, the trigger that recomputes `sql` —
 * refuses the same trees with the same Portuguese message instead of failing on them.
 */

/**
 * Levels of nodes from the root to the deepest leaf (a lone leaf is 1). The schema, the checker,
 * the writer and the evaluator recurse once per level, and DuckDB refuses expressions nested past
 * its `max_expression_depth` (1,000), so a tree of thousands of levels used to end in a stack
 * overflow (a 500). Real rules are a few levels deep; 64 leaves ample room. A stored tree is bound
 * further by Firestore, which nests maps and arrays at most 20 deep (each level of the tree takes two).
 */
export const MAX_CONDITION_DEPTH = 64;

/**
 * Characters in one text of a tree (a string or list item, a field or function name). Values are
 * IDs, slugs, CEPs, e-mails and URLs (browsers keep URLs under about 2,000 characters); the LIKE
 * matcher's cost grows with the pattern's length times the value's, and a Firestore document holds
 * at most 1 MiB, so one megabyte of pattern is refused rather than evaluated.
 */
export const MAX_CONDITION_TEXT_LENGTH = 4_000;

/**
 * The depth of a would-be tree, counted without recursion (the input is not trusted yet); stops
 * counting one level past `limit`.
 */
export function conditionDepth(node: unknown, limit = MAX_CONDITION_DEPTH): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[node, 1]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const params = current !== null && typeof current === 'object' ? (current as { params?: unknown }).params : undefined;
    if (Array.isArray(params)) for (const p of params) stack.push([p, depth + 1]);
  }
  return deepest;
}

export const TOO_DEEP_MESSAGE = `A condição tem mais de ${MAX_CONDITION_DEPTH} níveis aninhados; simplifique os grupos.`;
export const TEXT_TOO_LONG_MESSAGE = `Texto longo demais: no máximo ${MAX_CONDITION_TEXT_LENGTH.toLocaleString('pt-BR')} caracteres.`;
/** DuckDB's parser ends a string literal at a NUL character, so a text holding one is refused. */
export const NUL_CHARACTER_MESSAGE = 'O texto contém um caractere nulo (U+0000), que não é aceito.';
