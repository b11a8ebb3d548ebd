/**
 * Helpers for the type tests. The declared params types (interfaces with JSDoc, no index
 * signature) and the zod/mini schemas (the run-time check, loose objects) describe the same fields;
 * `Declared<T>` strips the schemas' index signatures, deeply, so the two can be compared both ways:
 *
 *   expectTypeOf<ImageGenerateParams>().toExtend<Declared<z.input<typeof schema>>>();
 *   expectTypeOf<Declared<z.input<typeof schema>>>().toExtend<ImageGenerateParams>();
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
