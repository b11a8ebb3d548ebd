/** Model placements for one test: `place("gpt-4o-mini", "coding-chat")` registers, and removes it when the test ends. */
import { onTestFinished } from "vitest";
import { models } from "../../src/index.js";

export function place(pattern: string, family: string): void {
  onTestFinished(models.register(pattern, family));
}
