/**
 * SQL texts worth preparing once per connection on an engine that would otherwise parse and plan
 * every statement anew (PostgreSQL; SQLite keeps every statement it prepares already). Only fixed
 * texts run on every ballot batch go here: their number stays small whatever the input, so a
 * connection holds a handful of prepared statements, never one per IN-list length.
 */
const names = new Map<string, string>();

/** Marks a text as worth preparing and answers it, so a caller can write `prepared(sql)`. */
export function prepared(text: string): string {
  if (!names.has(text)) names.set(text, `sondeo_${names.size + 1}`);
  return text;
}

/** The statement name of a text marked by prepared(), if it was. */
export function preparedName(text: string): string | undefined {
  return names.get(text);
}
