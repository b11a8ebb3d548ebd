/**
 * Request schemas as data. A family declares what its params must be (types, the spec's bounds,
 * closed lists, checks between fields) with these builders; each returns a plain object that
 * the checker reads. The input type a schema accepts travels at compile time only, so a type test can
 * compare it with the declared params type (`Input<typeof schema>`), and nothing of it runs.
 *
 *   const speech = v.object({ input: v.text({ maxLength: 4096 }), speed: v.optional(v.number({ minimum: 0.25, maximum: 4 })) });
 *
 * Every schema of an object is loose: fields it does not name pass through untouched.
 */

/** The input type a schema accepts: a compile-time mark, never a value. */
declare const INPUT: unique symbol;

/** A value a closed list may hold. */
export type Primitive = string | number | boolean | null;

/** A problem a schema's own check finds (see {@link refine}). */
export interface Finding {
  /** Where, below the checked value (default: the value itself). */
  path?: ReadonlyArray<string | number>;
  /** The rule broken, e.g. `too_big`, `invalid_value` (default `custom`). */
  rule?: string;
  message: string;
  /** The value is unusable: the checks after this one do not run, as after a wrong type. */
  abort?: boolean;
}

/** A check beyond a schema's shape, run once the shape holds: what it finds, or nothing. */
export type Check<T> = (value: T) => Finding | readonly Finding[] | undefined;

/** Bounds of a string, in characters as the spec counts them: Unicode code points. */
export interface LengthBounds {
  minLength?: number | undefined;
  maxLength?: number | undefined;
}
/** Bounds of a number, both inclusive; `integer` takes whole numbers only. */
export interface NumberBounds {
  minimum?: number | undefined;
  maximum?: number | undefined;
  integer?: boolean | undefined;
}
/** Bounds of a list's length. */
export interface ItemBounds {
  minItems?: number | undefined;
  maxItems?: number | undefined;
}

/** What a schema is; the checker has one case per kind. */
type Node =
  | ({ readonly kind: "string" } & Readonly<LengthBounds>)
  | ({ readonly kind: "number" } & Readonly<NumberBounds>)
  | { readonly kind: "boolean" }
  | { readonly kind: "unknown" }
  | { readonly kind: "literal"; readonly values: readonly Primitive[] }
  | {
      readonly kind: "object";
      readonly shape: Readonly<Record<string, Schema>>;
      /** The fields of `shape` that are not optional: a valid value is checked by these and its own keys. */
      readonly required?: readonly string[];
    }
  | ({ readonly kind: "array"; readonly item: Schema } & Readonly<ItemBounds>)
  | { readonly kind: "tuple"; readonly items: readonly Schema[]; readonly rest?: Schema }
  | { readonly kind: "record"; readonly key?: Schema; readonly value: Schema }
  | { readonly kind: "union"; readonly options: readonly Schema[] }
  | { readonly kind: "tagged"; readonly tag: string; readonly byTag: Readonly<Record<string, Schema>> }
  | { readonly kind: "custom"; readonly test?: (value: unknown) => boolean; readonly message?: string };

/** A schema: what it is, whether `undefined` or `null` also pass, and its own checks. */
export type Schema<T = unknown> = Node & {
  readonly optional?: true;
  readonly nullable?: true;
  readonly checks?: ReadonlyArray<Check<never>>;
  readonly [INPUT]?: T;
};

/** The params type a schema accepts (what `z.input` was): for type tests and checks. */
export type Input<S> = S extends { readonly [INPUT]?: infer T } ? T : never;

type Optional<T> = Schema<T | undefined> & { readonly optional: true };
type Shape = Readonly<Record<string, Schema<unknown>>>;
type OptionalKeys<S extends Shape> = {
  [K in keyof S]: S[K] extends { readonly optional: true } ? K : never;
}[keyof S];
type Flat<T> = { [K in keyof T]: T[K] } & {};
type ObjectInput<S extends Shape> = Flat<
  { -readonly [K in Exclude<keyof S, OptionalKeys<S>>]: Input<S[K]> } & {
    -readonly [K in OptionalKeys<S>]?: Input<S[K]>;
  }
>;

const schema = <T>(node: Node): Schema<T> => node;

/** A string, within `bounds` (in code points). */
export const string = (bounds: LengthBounds = {}): Schema<string> => schema({ kind: "string", ...bounds });
/** A string of at least one character (within `maxLength`, when given). */
export const text = (bounds: LengthBounds = {}): Schema<string> => string({ minLength: 1, ...bounds });
/** A finite number within `bounds` (a whole one when `bounds.integer`). */
export const number = (bounds: NumberBounds = {}): Schema<number> => schema({ kind: "number", ...bounds });
/** A whole number (a safe integer) within `bounds`. */
export const integer = (bounds: NumberBounds = {}): Schema<number> => number({ ...bounds, integer: true });
export const boolean = (): Schema<boolean> => schema({ kind: "boolean" });
/** Anything (the field must still be there when it is not optional). */
export const unknown = (): Schema<unknown> => schema({ kind: "unknown" });
/** One of a closed list of values. */
export const oneOf = <const V extends readonly Primitive[]>(values: V): Schema<V[number]> =>
  schema({ kind: "literal", values });
/** Exactly this value. */
export const literal = <const V extends Primitive>(value: V): Schema<V> =>
  schema({ kind: "literal", values: [value] });

/** An object with these fields (others pass through untouched). */
export const object = <S extends Shape>(shape: S): Schema<ObjectInput<S>> =>
  schema({ kind: "object", shape, required: Object.keys(shape).filter((key) => !shape[key]!.optional) });

/** A list of `item`s, within `bounds`. */
export const array = <S extends Schema<unknown>>(item: S, bounds: ItemBounds = {}): Schema<Input<S>[]> =>
  schema({ kind: "array", item, ...bounds });

/** At least one `item`: `[first, ...rest]`. */
export const nonEmpty = <S extends Schema<unknown>>(item: S): Schema<[Input<S>, ...Input<S>[]]> =>
  schema({ kind: "tuple", items: [item], rest: item });

/** A plain object whose every value is a `value` (and every key a `key`, when given). */
export const record = <S extends Schema<unknown>>(
  value: S,
  key?: Schema<string>,
): Schema<Record<string, Input<S>>> =>
  schema(key ? { kind: "record", key, value } : { kind: "record", value });

/**
 * Any of `options`. A value none accepts is reported by the option that got furthest into it (the
 * deepest problem, then the fewest), the shape the caller most likely meant.
 */
export const union = <const S extends readonly Schema<unknown>[]>(...options: S): Schema<Input<S[number]>> =>
  schema({ kind: "union", options });

/**
 * An object chosen by its `tag` field: each option is an object whose tag is a literal or a closed
 * list. A tag no option names is reported at the tag.
 */
export function tagged<const S extends readonly Schema<unknown>[]>(
  tag: string,
  ...options: S
): Schema<Input<S[number]>> {
  const byTag: Record<string, Schema> = {};
  for (const option of options) {
    const field = option.kind === "object" ? option.shape[tag] : undefined;
    if (field?.kind !== "literal") throw new Error(`tagged: every option needs a literal "${tag}"`);
    for (const value of field.values) byTag[String(value)] = option;
  }
  return schema({ kind: "tagged", tag, byTag });
}

/** A value `test` accepts (anything, without a test), typed `T`; `message` says what else it must be. */
export const custom = <T>(test?: (value: unknown) => boolean, message?: string): Schema<T> =>
  schema(test ? { kind: "custom", test, ...(message ? { message } : {}) } : { kind: "custom" });

/** `schema`, or `undefined` (an absent field). */
export const optional = <T>(inner: Schema<T>): Optional<T> => ({ ...inner, optional: true }) as Optional<T>;

/** `schema`, or `null`. */
export const nullable = <T>(inner: Schema<T>): Schema<T | null> =>
  ({ ...inner, nullable: true }) as Schema<T | null>;

/** `schema` with a check of its own, run once its shape holds (after the checks it already has). */
export const refine = <S extends Schema<unknown>>(inner: S, check: Check<Input<S>>): S =>
  ({ ...inner, checks: [...(inner.checks ?? []), check as Check<never>] }) as S;
