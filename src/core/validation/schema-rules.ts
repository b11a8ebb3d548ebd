/** Small zod/mini building blocks the request schemas of several families share. */
import * as z from "zod/mini";
import { characterCount } from "./characters.js";

/**
 * A string of 1 to `max` characters, counted as the spec counts them: Unicode code points
 * (characters.ts), not UTF-16 units. Only a string longer than `max` units is counted: one that
 * fits in units fits in code points.
 */
export const characters = (max: number) =>
  z.string().check(
    z.minLength(1),
    z.superRefine((text: string, context) => {
      if (text.length > max && characterCount(text) > max)
        context.addIssue({ code: "too_big", origin: "string", maximum: max, inclusive: true, input: text });
    }),
  );

/** A number within [min, max], both inclusive. */
export const between = (min: number, max: number) => z.number().check(z.minimum(min), z.maximum(max));

/**
 * A type name the gateway added after our release: such items pass through, while a known name must
 * match its own shape. The refinement aborts, so a malformed known item reports its own problem.
 */
export const otherType = (known: readonly string[]) =>
  z
    .string()
    .check(z.refine((type) => !known.includes(type), { message: "is malformed for its type", abort: true }));

/**
 * A chat call's `model`: one id, or a fallback list `[primary, ...fallbacks]` (core/http/fallback.ts
 * tries them in turn and checks each try with the id alone).
 */
export const modelChoice = () => {
  const id = z.string().check(z.minLength(1));
  return z.union([id, z.tuple([id], id)]);
};
