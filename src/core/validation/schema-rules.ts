/** Schema building blocks several families share. */
import * as v from "./schema.js";

/**
 * A type name the gateway added after our release: such items pass through, while a known name must
 * match its own shape. The check aborts, so a malformed known item reports its own problem.
 */
export const otherType = (known: readonly string[]) =>
  v.refine(v.string(), (type) =>
    known.includes(type) ? { message: "is malformed for its type", abort: true } : undefined,
  );

/**
 * A chat call's `model`: one id, or a fallback list `[primary, ...fallbacks]` (core/http/fallback.ts
 * tries them in turn and checks each try with the id alone).
 */
export const modelChoice = () => {
  const id = v.text();
  return v.union(id, v.nonEmpty(id));
};
