import { NODE_SIGNATURES } from './signatures.js';
import type { ConditionNode, NodePath, OperatorNode } from './types.js';
import { isOperatorNode } from './types.js';

/**
 * Pure operations on a condition tree, addressed by path (the indexes of `params` from the root).
 * Each returns a new tree and leaves its input untouched; an impossible operation throws
 * ConditionTreeError (the editor only offers the possible ones).
 */
export class ConditionTreeError extends Error {}

export function nodeAt(root: ConditionNode, path: NodePath): ConditionNode {
  let node = root;
  for (const index of path) {
    if (!isOperatorNode(node) || !node.params[index]) throw new ConditionTreeError(`Caminho inexistente: ${path.join('.')}`);
    node = node.params[index]!;
  }
  return node;
}

/** The tree with the node at `path` replaced by `next`. */
export function replaceNode(root: ConditionNode, path: NodePath, next: ConditionNode): ConditionNode {
  if (path.length === 0) return next;
  const [index, ...rest] = path as [number, ...number[]];
  if (!isOperatorNode(root) || !root.params[index]) throw new ConditionTreeError(`Caminho inexistente: ${path.join('.')}`);
  const params = root.params.slice();
  params[index] = replaceNode(params[index]!, rest, next);
  return { ...root, params };
}

function updateParams(root: ConditionNode, parentPath: NodePath, update: (params: ConditionNode[]) => ConditionNode[]): ConditionNode {
  const parent = nodeAt(root, parentPath);
  if (!isOperatorNode(parent)) throw new ConditionTreeError('Este nó não tem operandos.');
  return replaceNode(root, parentPath, { ...parent, params: update(parent.params.slice()) });
}

/** Adds `node` as an operand of the node at `parentPath` (at the end by default). */
export function addOperand(root: ConditionNode, parentPath: NodePath, node: ConditionNode, index?: number): ConditionNode {
  const parent = nodeAt(root, parentPath);
  if (isOperatorNode(parent) && parent.params.length >= NODE_SIGNATURES[parent.type].maxParams) {
    throw new ConditionTreeError(`${NODE_SIGNATURES[parent.type].label} não aceita mais operandos.`);
  }
  return updateParams(root, parentPath, (params) => {
    params.splice(index ?? params.length, 0, node);
    return params;
  });
}

/**
 * Whether the node at `path` may be removed: an operand of AND/OR when that AND/OR has more than
 * two (document 1 §5: the remove button appears only then), or an optional operand (ROUND's digits).
 */
export function canRemove(root: ConditionNode, path: NodePath): boolean {
  if (path.length === 0) return false;
  const parent = nodeAt(root, path.slice(0, -1));
  if (!isOperatorNode(parent)) return false;
  return parent.params.length > Math.max(NODE_SIGNATURES[parent.type].minParams, parent.type === 'AND' || parent.type === 'OR' ? 2 : 0);
}

export function removeOperand(root: ConditionNode, path: NodePath): ConditionNode {
  if (!canRemove(root, path)) throw new ConditionTreeError('Este operando não pode ser removido.');
  const index = path[path.length - 1]!;
  return updateParams(root, path.slice(0, -1), (params) => {
    params.splice(index, 1);
    return params;
  });
}

/**
 * Wraps the node at `path`: in AND/OR with `extra` as the second operand, or in IF(node, extra...)
 * (`extra` are IF's then and else).
 */
export function wrapNode(root: ConditionNode, path: NodePath, type: 'AND' | 'OR' | 'IF', extra: ConditionNode[]): ConditionNode {
  const node = nodeAt(root, path);
  const wrapper: OperatorNode = { type, params: [node, ...extra] };
  return replaceNode(root, path, wrapper);
}

/** Whether the node at `path` is a group that can be unwrapped (AND, OR or IF). */
export function canUnwrap(root: ConditionNode, path: NodePath): boolean {
  const node = nodeAt(root, path);
  return (node.type === 'AND' || node.type === 'OR' || node.type === 'IF') && node.params.length > 0;
}

/**
 * Undoes a group: an AND/OR inside another AND/OR gives its operands to its parent in its place;
 * elsewhere a group is replaced by its first operand (IF by its condition).
 */
export function unwrapNode(root: ConditionNode, path: NodePath): ConditionNode {
  if (!canUnwrap(root, path)) throw new ConditionTreeError('Só grupos (E, OU, SE) podem ser desfeitos.');
  const node = nodeAt(root, path) as OperatorNode;
  if (path.length > 0 && node.type !== 'IF') {
    const parent = nodeAt(root, path.slice(0, -1));
    if (parent.type === 'AND' || parent.type === 'OR') {
      const index = path[path.length - 1]!;
      return updateParams(root, path.slice(0, -1), (params) => {
        params.splice(index, 1, ...node.params);
        return params;
      });
    }
  }
  return replaceNode(root, path, node.params[0]!);
}

/** Moves an operand to another position among its siblings (drag and drop inside a group). */
export function moveOperand(root: ConditionNode, parentPath: NodePath, from: number, to: number): ConditionNode {
  return updateParams(root, parentPath, (params) => {
    if (from < 0 || from >= params.length || to < 0 || to >= params.length) throw new ConditionTreeError('Posição inválida.');
    const [moved] = params.splice(from, 1);
    params.splice(to, 0, moved!);
    return params;
  });
}

/**
 * Moves the operand at `from` into the AND/OR at `toParent`, at `toIndex` there (paths as in the
 * tree before the move): a drag to another group. A group left with one operand is that operand
 * once normalised (normaliseCondition), as if it had been ungrouped.
 */
export function transferOperand(root: ConditionNode, from: NodePath, toParent: NodePath, toIndex: number): ConditionNode {
  if (from.length === 0) throw new ConditionTreeError('A raiz não pode ser movida.');
  const fromParent = from.slice(0, -1);
  const fromIndex = from[from.length - 1]!;
  const startsWith = (path: NodePath, prefix: NodePath) => prefix.length <= path.length && prefix.every((p, i) => path[i] === p);
  if (startsWith(toParent, from)) throw new ConditionTreeError('Um grupo não pode ir para dentro de si mesmo.');
  const target = nodeAt(root, toParent);
  if (target.type !== 'AND' && target.type !== 'OR') throw new ConditionTreeError('Só grupos E/OU recebem condições.');
  const source = nodeAt(root, fromParent);
  if (source.type !== 'AND' && source.type !== 'OR') throw new ConditionTreeError('Só condições de um grupo E/OU podem ser movidas.');
  if (fromParent.length === toParent.length && startsWith(toParent, fromParent)) {
    return moveOperand(root, fromParent, fromIndex, Math.min(toIndex, source.params.length - 1));
  }
  const node = nodeAt(root, from);
  const without = updateParams(root, fromParent, (params) => {
    params.splice(fromIndex, 1);
    return params;
  });
  // Removing the operand shifts the later siblings: a target inside one of them moves up by one.
  const adjusted = toParent.slice();
  if (startsWith(toParent, fromParent) && toParent[fromParent.length]! > fromIndex) adjusted[fromParent.length]!--;
  return updateParams(without, adjusted, (params) => {
    params.splice(Math.max(0, Math.min(toIndex, params.length)), 0, node);
    return params;
  });
}

/** Every node with its path, depth first (root first). */
export function* walkCondition(root: ConditionNode, path: number[] = []): Generator<[ConditionNode, number[]]> {
  yield [root, path];
  if (isOperatorNode(root)) {
    for (let i = 0; i < root.params.length; i++) yield* walkCondition(root.params[i]!, [...path, i]);
  }
}

export function countNodes(root: ConditionNode): number {
  let n = 0;
  for (const _ of walkCondition(root)) n++;
  return n;
}
