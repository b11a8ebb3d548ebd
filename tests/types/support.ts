/**
 * Helpers for the type tests. The declared params types (interfaces with JSDoc, no index
 * signature) and the request schemas (the run-time check, core/validation/schema.ts) describe the
 * same fields; `Declared<T>` strips index signatures, deeply, so the two can be compared both ways:
 *
 *   expectTypeOf<ImageGenerateParams>().toExtend<Declared<Input<typeof schema>>>();
 *   expectTypeOf<Declared<Input<typeof schema>>>().toExtend<ImageGenerateParams>();
 */

type Opaque =
  | ((...args: never[]) => unknown)
  | Blob
  | ArrayBuffer
  | ArrayBufferView
  | ReadableStream
  | Response
  | Date
  | URL;

/** `T` without string or number index signatures, at every depth. */
export type Declared<T> = T extends Opaque
  ? T
  : T extends readonly [infer H, ...infer R]
    ? [Declared<H>, ...Declared<R>]
    : T extends readonly (infer U)[]
      ? Declared<U>[]
      : T extends object
        ? { [K in keyof T as string extends K ? never : number extends K ? never : K]: Declared<T[K]> }
        : T;

/** Every key of `T`, of any member of a union (`keyof` of a union gives only the shared ones). */
type AllKeys<T> = T extends unknown ? keyof T : never;

/**
 * Which fields a declared params type and its request schema disagree on, by name: a field declared
 * and not checked that `Unchecked` does not list, a field the schema checks that the type does not
 * declare, and a field listed as unchecked that the schema does check. All three are `never` when
 * the two agree, so a declared field missing from validation is a decision written beside the
 * comparison:
 *
 *   expectTypeOf<SameKeys<ChatCompletionCreateParams, Schema, "metadata" | "store">>().toEqualTypeOf<Agree>();
 */
export type SameKeys<D, S, Unchecked extends AllKeys<D> = never> = {
  declaredNotChecked: Exclude<AllKeys<D>, AllKeys<S> | Unchecked>;
  checkedNotDeclared: Exclude<AllKeys<S>, AllKeys<D>>;
  listedButChecked: Extract<Unchecked, AllKeys<S>>;
};

/** What `SameKeys` is when a declared type and its schema name the same fields. */
export type Agree = { declaredNotChecked: never; checkedNotDeclared: never; listedButChecked: never };
