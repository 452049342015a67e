import {
  BinaryOperationNode,
  type KyselyPlugin,
  OperatorNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  PrimitiveValueListNode,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  ValueListNode,
} from 'kysely';

/*
 * Query texts whose number stays small, however the input varies. The SQLite store prepares each
 * distinct SQL text once and keeps the statement for good (sqlite-handles.ts says why), so a
 * query whose text grows with its input (an IN list of n ids, an INSERT of n rows, a CASE with n
 * arms) must come in a few lengths only: powers of two. A list of up to 2^k items then has k + 1
 * texts (an IN list of at most 300 ids: 10), instead of one per length.
 * - IN lists: padded to the next power of two by repeating the last value (BoundedInLists, on the
 *   SQLite store's Kysely); `x in (1, 2, 2, 2)` means `x in (1, 2)`.
 * - CASE arms (the counters' increments): padded the same way by the caller; a repeated
 *   `when 7 then 2` is never reached.
 * - multi-row INSERTs: rows go in groups whose sizes are powers of two (rowGroups), one statement
 *   each: 300 rows are 256 + 32 + 8 + 4. SQLite's EngineHooks.rowGroups; PostgreSQL keeps no
 *   statements and sends its rows in fixed chunks (rowChunks).
 */

/** Largest row group of a multi-row INSERT: far below SQLite's bound-parameter limit. */
export const MAX_ROW_GROUP = 256;

/** The length a list of n items takes in SQL text: the next power of two. */
export function shapeLength(n: number): number {
  return n <= 2 ? n : 2 ** Math.ceil(Math.log2(n));
}

/** The list padded to its shape length by repeating its last item. */
export function padded<T>(items: readonly T[]): T[] {
  const out = [...items];
  const last = items.at(-1);
  for (let i = items.length; i < shapeLength(items.length); i++) out.push(last as T);
  return out;
}

/** Rows in chunks of MAX_ROW_GROUP, the last one shorter: where statements are not kept. */
export function rowChunks<T>(rows: readonly T[]): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < rows.length; i += MAX_ROW_GROUP)
    chunks.push(rows.slice(i, i + MAX_ROW_GROUP));
  return chunks;
}

/** Rows in groups of power-of-two sizes, largest first, each at most MAX_ROW_GROUP. */
export function rowGroups<T>(rows: readonly T[]): T[][] {
  const groups: T[][] = [];
  let size = MAX_ROW_GROUP;
  for (let i = 0; i < rows.length; ) {
    while (size > rows.length - i) size /= 2;
    groups.push(rows.slice(i, i + size));
    i += size;
  }
  return groups;
}

type Node = { readonly kind?: string; readonly [key: string]: unknown };

/** Nodes that hold only values: nothing to pad below them (a multi-row INSERT's rows). */
const LEAVES = new Set(['ValueNode', 'PrimitiveValueListNode', 'IdentifierNode', 'ColumnNode']);

/**
 * The query tree with its IN lists padded, sharing every node that does not change. Kysely's
 * OperationNodeTransformer rebuilds the whole tree of every query (7% of the store's CPU per
 * ballot in batches of 10, profiled); this walk allocates only along a padded list's path.
 */
function padInLists(node: unknown): unknown {
  if (node === null || typeof node !== 'object') return node;
  if (Array.isArray(node)) {
    let copy: unknown[] | undefined;
    for (const [i, child] of node.entries()) {
      const next = padInLists(child);
      if (next === child) continue;
      copy ??= [...node];
      copy[i] = next;
    }
    return copy ? Object.freeze(copy) : node;
  }
  const n = node as Node;
  if (n.kind === undefined || LEAVES.has(n.kind)) return node;
  let changed: Record<string, unknown> | undefined;
  for (const key of Object.keys(n)) {
    const next = padInLists(n[key]);
    if (next === n[key]) continue;
    changed ??= { ...n };
    changed[key] = next;
  }
  const result = (changed ? Object.freeze(changed) : n) as Node;
  return n.kind === 'BinaryOperationNode'
    ? paddedIn(result as unknown as BinaryOperationNode)
    : result;
}

/** `x in (a, b, c)` as `x in (a, b, c, c)`; any other operation as it is. */
function paddedIn(node: BinaryOperationNode): BinaryOperationNode {
  const { leftOperand, operator, rightOperand: list } = node;
  const op = OperatorNode.is(operator) ? operator.operator : undefined;
  if (op !== 'in' && op !== 'not in') return node;
  if (PrimitiveValueListNode.is(list) && shapeLength(list.values.length) !== list.values.length) {
    return BinaryOperationNode.create(
      leftOperand,
      operator,
      PrimitiveValueListNode.create(padded(list.values)),
    );
  }
  if (ValueListNode.is(list) && shapeLength(list.values.length) !== list.values.length) {
    return BinaryOperationNode.create(
      leftOperand,
      operator,
      ValueListNode.create(padded(list.values)),
    );
  }
  return node;
}

/** Pads every `in` / `not in` list of values to a power-of-two length (see above). */
export class BoundedInLists implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return padInLists(args.node) as RootOperationNode;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
