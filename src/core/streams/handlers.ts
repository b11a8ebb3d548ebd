/**
 * What an assembler does with each kind of event of its format, as one table per level: a handler,
 * or "ignored", said out loud. The table's type is a record over the format's declared kinds, so a
 * kind declared without an entry (a new event added to the types, a handler removed) does not
 * compile: no declared event is dropped by omission.
 */

/** Folds one event (or one field of one) into the target it edits. */
type Handler<Target, Value> = (target: Target, value: Value) => void;

/** One entry per declared kind: its handler, or "ignored" (the event still reaches the iterator). */
export type Handlers<Kind extends string, Target, Value> = {
  readonly [K in Kind]: Handler<Target, Value> | "ignored";
};

/**
 * The table as it is looked up: without a prototype, so no string from the wire ("constructor",
 * "__proto__", "toString") finds an entry that was not written.
 */
export function handlers<Kind extends string, Target, Value>(
  table: Handlers<Kind, Target, Value>,
): Handlers<Kind, Target, Value> {
  return Object.freeze(Object.assign(Object.create(null), table));
}

/**
 * Runs the handler of `kind`; false when the table does not declare it. A kind the format's types
 * do not declare (a newer upstream's event or field) reaches the caller's iteration as it came, and
 * is not assembled (the native format keeps such a field's last value: see its stream).
 */
export function dispatch<Target, Value>(
  table: Handlers<string, Target, Value>,
  kind: unknown,
  target: Target,
  value: Value,
): boolean {
  const handle = typeof kind === "string" ? table[kind] : undefined;
  if (typeof handle === "function") handle(target, value);
  return handle !== undefined;
}
