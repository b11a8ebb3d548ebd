/** Small checks the chat-format routes share when they answer a bad request as the gateway does. */
export interface Problem {
  message: string;
  param: string;
}

/** A range of genway's `limits`: both ends inclusive, either open. */
export interface Range {
  readonly minimum?: number;
  readonly maximum?: number;
}

/** A number outside `range` (or not a number at all); absent and null values are fine. */
export function outside(value: unknown, { minimum = -Infinity, maximum = Infinity }: Range): boolean {
  return (
    value !== undefined && value !== null && (typeof value !== "number" || value < minimum || value > maximum)
  );
}

/** "between 0 and 2" (the gateway's wording). */
export const range = ({ minimum, maximum }: Required<Range>) => `between ${minimum} and ${maximum}`;

/** Present but not an integer of at least `min`. */
export function notInt(value: unknown, min: number): boolean {
  return value !== undefined && value !== null && (!Number.isInteger(value) || (value as number) < min);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
