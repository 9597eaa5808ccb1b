import { z } from 'zod';

/**
 * The page-layout node types (document 1 §3 'Layout node types'). Every node has an id, its type
 * and a className; ContainerComponent is the only node that holds children.
 */
export const LAYOUT_NODE_TYPES = [
  'TextComponent',
  'ImageComponent',
  'VideoComponent',
  'FileComponent',
  'ContainerComponent',
  'ContentComponent',
  'EmbedComponent',
  'ProductsComponent',
] as const;
export type LayoutNodeType = (typeof LAYOUT_NODE_TYPES)[number];

export const CONTAINER_TYPE = 'ContainerComponent' satisfies LayoutNodeType;

/** How the property panel edits a property. */
export type LayoutPropKind = 'className' | 'richText' | 'image' | 'video' | 'file' | 'href' | 'contentId' | 'html' | 'productIds';

export interface LayoutPropSpec {
  name: string;
  title: string;
  kind: LayoutPropKind;
}

export interface LayoutNodeSpec {
  type: LayoutNodeType;
  /** The palette's label (document 1 screen 6, as written there). */
  label: string;
  isContainer: boolean;
  /** Editable properties, className first. */
  props: readonly LayoutPropSpec[];
  /** The stored fields of a new node, id, type and children aside. */
  defaults(): Record<string, unknown>;
  /** The zod schema of the node's own fields where they are present (clipboard data is checked with it). */
  fields: z.ZodType<Record<string, unknown>>;
}

const CLASS_NAME: LayoutPropSpec = { name: 'className', title: 'className', kind: 'className' };
const optionalString = z.string().optional();
const optionalFile = z.looseObject({}).nullable().optional();

function spec(
  type: LayoutNodeType,
  label: string,
  extra: LayoutPropSpec | null,
  defaults: Record<string, unknown>,
  fields: Record<string, z.ZodType>,
): LayoutNodeSpec {
  return {
    type,
    label,
    isContainer: type === CONTAINER_TYPE,
    props: extra ? [CLASS_NAME, extra] : [CLASS_NAME],
    defaults: () => structuredClone({ className: '', ...defaults }),
    fields: z.looseObject({ className: optionalString, ...fields }),
  };
}

/** One spec per node type, in the palette's order. */
export const LAYOUT_NODE_SPECS: Readonly<Record<LayoutNodeType, LayoutNodeSpec>> = {
  TextComponent: spec('TextComponent', 'Texto', { name: 'text', title: 'Texto', kind: 'richText' }, { text: '' }, { text: optionalString }),
  ImageComponent: spec('ImageComponent', 'Image', { name: 'file', title: 'Imagem', kind: 'image' }, { file: null }, { file: optionalFile }),
  VideoComponent: spec('VideoComponent', 'Video', { name: 'file', title: 'Vídeo', kind: 'video' }, { file: null }, { file: optionalFile }),
  FileComponent: spec('FileComponent', 'Arquivo', { name: 'file', title: 'Arquivo', kind: 'file' }, { file: null }, { file: optionalFile }),
  ContainerComponent: spec('ContainerComponent', 'Container', { name: 'href', title: 'Link (href)', kind: 'href' }, { href: '' }, { href: optionalString }),
  ContentComponent: spec(
    'ContentComponent',
    'Contents',
    { name: 'contentId', title: 'Conteúdo', kind: 'contentId' },
    { contentId: '' },
    { contentId: optionalString },
  ),
  EmbedComponent: spec('EmbedComponent', 'Embed', { name: 'html', title: 'HTML', kind: 'html' }, { html: '' }, { html: optionalString }),
  ProductsComponent: spec(
    'ProductsComponent',
    'Products',
    { name: 'productIds', title: 'Produtos (códigos separados por vírgula)', kind: 'productIds' },
    { productIds: '' },
    { productIds: optionalString },
  ),
};

export function isLayoutNodeType(type: unknown): type is LayoutNodeType {
  return typeof type === 'string' && (LAYOUT_NODE_TYPES as readonly string[]).includes(type);
}

/** The spec of a type, or null for a type this build does not know (kept as stored, shown as such). */
export function nodeSpec(type: string): LayoutNodeSpec | null {
  return isLayoutNodeType(type) ? LAYOUT_NODE_SPECS[type] : null;
}

/** A node as the document stores it: nested, children only on containers. */
export interface StoredLayoutNode {
  id: string;
  type: string;
  className?: string;
  children?: StoredLayoutNode[];
  [field: string]: unknown;
}

/**
 * What a stored layout must look like to be edited: every node an object with a type; container
 * children an array of nodes. Other fields pass through untouched; a node of an unknown type is
 * kept as it is (its own fields, children included, are opaque to the editor).
 */
export const storedLayoutNodeSchema: z.ZodType<StoredLayoutNode> = z.lazy(() =>
  z.looseObject({ id: z.string(), type: z.string().min(1), className: z.string().optional() }).check((ctx) => {
    const node = ctx.value as Record<string, unknown>;
    if (node.type !== CONTAINER_TYPE || node.children === undefined) return;
    const children = z.array(storedLayoutNodeSchema).safeParse(node.children);
    if (!children.success) ctx.issues.push({ code: 'custom', message: 'children inválidos', input: node.children });
  }),
) as z.ZodType<StoredLayoutNode>;

/** Stricter, for data pasted from outside: known types only, their fields of the right kind, children only on containers. */
export const pastedLayoutNodeSchema: z.ZodType<StoredLayoutNode> = z.lazy(() =>
  z.looseObject({ id: z.string(), type: z.enum(LAYOUT_NODE_TYPES), children: z.array(pastedLayoutNodeSchema).optional() }).check((ctx) => {
    const node = ctx.value as Record<string, unknown> & { type: LayoutNodeType };
    if (node.children !== undefined && node.type !== CONTAINER_TYPE) {
      ctx.issues.push({ code: 'custom', message: 'só containers têm filhos', input: node });
      return;
    }
    const fields = LAYOUT_NODE_SPECS[node.type].fields.safeParse(node);
    if (!fields.success) ctx.issues.push({ code: 'custom', message: 'campos inválidos', input: node });
  }),
) as z.ZodType<StoredLayoutNode>;

/** The layout a document without one starts from: a root container (document 1 §3). */
export function defaultStoredLayout(): StoredLayoutNode {
  return { id: 'root', type: CONTAINER_TYPE, ...LAYOUT_NODE_SPECS.ContainerComponent.defaults(), children: [] };
}
