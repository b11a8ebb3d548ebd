/** The one schema every format is tested with, in zod classic and zod/mini. */
import { z } from "zod";
import * as zm from "zod/mini";

export const Recipe = z.object({
  title: z.string(),
  servings: z.number().int().min(1),
  vegetarian: z.boolean(),
  steps: z.array(z.object({ text: z.string(), minutes: z.number() })),
  note: z.string().optional(),
});

/**
 * zod/mini schemas carry no JSON Schema of their own: a zod/mini user gives the helpers
 * `z.toJSONSchema(schema, { io: "input" })`, zod's Standard JSON Schema of it (it validates with the
 * schema and writes its JSON Schema).
 */
export const RecipeMini = zm.toJSONSchema(
  zm.object({
    title: zm.string(),
    servings: zm.number().check(zm.int(), zm.minimum(1)),
    vegetarian: zm.boolean(),
    steps: zm.array(zm.object({ text: zm.string(), minutes: zm.number() })),
    note: zm.optional(zm.string()),
  }),
  { io: "input" },
);

/** What the mock writes for it (deterministic from the schema). */
export const sampleRecipe = {
  title: "sample title",
  servings: 42,
  vegetarian: true,
  steps: [{ text: "sample text", minutes: 42 }],
  note: "sample note",
};

export const Weather = z.object({ city: z.string(), unit: z.enum(["c", "f"]).optional() });
