import { z } from 'zod';
import { fail, ok, type LayoutResult } from './errors.js';
import { pastedLayoutNodeSchema, type StoredLayoutNode } from './nodes.js';
import { storedSubtree, type LayoutTree } from './tree.js';

/**
 * What the layout editor puts on the system clipboard: versioned JSON, so a node copied in one
 * document (or browser tab) pastes into another, and a later format can still read this one.
 */
export const LAYOUT_CLIPBOARD_KIND = 'console.layout-nodes';
export const LAYOUT_CLIPBOARD_VERSION = 1;

const envelopeSchema = z.object({
  kind: z.literal(LAYOUT_CLIPBOARD_KIND),
  version: z.literal(LAYOUT_CLIPBOARD_VERSION),
  nodes: z.array(pastedLayoutNodeSchema).min(1),
});

export type LayoutClipboardEnvelope = z.infer<typeof envelopeSchema>;

/** The clipboard text of the subtree at `id`. */
export function copyToClipboardText(tree: LayoutTree, id: string): string {
  const envelope: LayoutClipboardEnvelope = { kind: LAYOUT_CLIPBOARD_KIND, version: LAYOUT_CLIPBOARD_VERSION, nodes: [storedSubtree(tree, id)] };
  return JSON.stringify(envelope);
}

/** The nodes in pasted text, or 'Dados inválidos' for anything that is not this editor's envelope. */
export function parseClipboardText(text: string): LayoutResult<StoredLayoutNode[]> {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return fail('invalid-data');
  }
  const parsed = envelopeSchema.safeParse(json);
  return parsed.success ? ok(parsed.data.nodes) : fail('invalid-data');
}
