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
