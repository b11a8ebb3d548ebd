/** Small checks the chat-format routes share when they answer a bad request as the gateway does. */
export interface Problem {
  message: string;
  param: string;
}

/** A number outside [min, max] (or not a number at all); absent and null values are fine. */
export function outside(value: unknown, min: number, max: number): boolean {
  return value !== undefined && value !== null && (typeof value !== "number" || value < min || value > max);
}

/** Present but not an integer of at least `min`. */
export function notInt(value: unknown, min: number): boolean {
  return value !== undefined && value !== null && (!Number.isInteger(value) || (value as number) < min);
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
