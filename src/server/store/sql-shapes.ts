import {
  BinaryOperationNode,
  type KyselyPlugin,
  OperationNodeTransformer,
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
 *   each: 300 rows are 256 + 32 + 8 + 4.
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

class PadInLists extends OperationNodeTransformer {
  protected override transformBinaryOperation(node: BinaryOperationNode): BinaryOperationNode {
    const out = super.transformBinaryOperation(node);
    const op = OperatorNode.is(out.operator) ? out.operator.operator : undefined;
    if (op !== 'in' && op !== 'not in') return out;
    const list = out.rightOperand;
    if (PrimitiveValueListNode.is(list) && list.values.length > 2) {
      const values = padded(list.values);
      return BinaryOperationNode.create(
        out.leftOperand,
        out.operator,
        PrimitiveValueListNode.create(values),
      );
    }
    if (ValueListNode.is(list) && list.values.length > 2) {
      const values = padded(list.values);
      return BinaryOperationNode.create(
        out.leftOperand,
        out.operator,
        ValueListNode.create(values),
      );
    }
    return out;
  }
}

/** Pads every `in` / `not in` list of values to a power-of-two length (see above). */
export class BoundedInLists implements KyselyPlugin {
  readonly #transformer = new PadInLists();

  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    return this.#transformer.transformNode(args.node);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
