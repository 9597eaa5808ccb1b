/**
 * collection_doc_form: a map keyed by document ids of another collection (a product's Stock keyed
 * by stock ids). Document-id select options exclude keys already used (document 1 §5).
 */

/** The picker's choices: the collection's documents whose id is not a key of the map yet. */
export function unusedKeyOptions<T extends { id: string }>(options: readonly T[], map: Record<string, unknown>): T[] {
  return options.filter((option) => !Object.hasOwn(map, option.id));
}

/** The map's keys in the order of the collection's options; keys of missing documents last, sorted. */
export function orderedKeys(map: Record<string, unknown>, optionIds: readonly string[]): string[] {
  const keys = Object.keys(map);
  const position = new Map(optionIds.map((id, i) => [id, i]));
  return keys.sort((a, b) => {
    const pa = position.get(a) ?? Number.POSITIVE_INFINITY;
    const pb = position.get(b) ?? Number.POSITIVE_INFINITY;
    return pa !== pb ? pa - pb : a < b ? -1 : a > b ? 1 : 0;
  });
}

export function withKey(map: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  return { ...map, [key]: value };
}

export function withoutKey(map: Record<string, unknown>, key: string): Record<string, unknown> {
  const { [key]: _removed, ...rest } = map;
  return rest;
}
