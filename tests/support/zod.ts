import { zodSchema } from "../../src/index.js";

/** The zod a helper's refusal tells the user to install (e.g. `zod@^4.6.7`), read from the refusal. */
export function zodTheRefusalsName(): string {
  try {
    // A zod 3 schema: Standard Schema with vendor "zod", no JSON Schema, no zod 4 internals.
    zodSchema({ "~standard": { version: 1, vendor: "zod", validate: (value) => ({ value }) } });
  } catch (error) {
    const named = /npm install "(zod@[^"]+)"/.exec((error as Error).message)?.[1];
    if (named) return named;
  }
  throw new Error("a zod 3 schema was not refused with an npm install line");
}
