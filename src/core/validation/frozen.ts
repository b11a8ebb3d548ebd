/** Deep freezing, for the bounds each family declares (src/limits.ts): nobody moves a bound at run time. */

type DeepReadonly<T> = T extends (...args: never[]) => unknown
  ? T
  : T extends object
    ? { readonly [K in keyof T]: DeepReadonly<T[K]> }
    : T;

/** `value`, frozen at every depth (and typed so), with its literal types kept. */
export function frozen<const T>(value: T): DeepReadonly<T> {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    for (const key of Object.keys(value)) frozen((value as Record<string, unknown>)[key]);
    Object.freeze(value);
  }
  return value as DeepReadonly<T>;
}
