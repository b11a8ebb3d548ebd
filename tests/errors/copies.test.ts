/**
 * Two copies of genway in one process (its ESM and CommonJS builds, or two installed versions):
 * `instanceof` on every error class recognizes an error the other copy threw, by the brand and the
 * chain of class names, and still says no wherever the class hierarchy says no. Here the copies are
 * two evaluations of the sources; tests/first-hour.test.ts and the runtime matrix (matrix/run.mjs)
 * do the same with the built ESM and CommonJS files.
 */
import { describe, expect, it, vi } from "vitest";

type ErrorClass = (new (...args: never[]) => Error) & { readonly name: string };

/** A fresh evaluation of the package's main entry: a copy of its own, with its own classes. */
async function copyOfGenway(): Promise<Record<string, unknown>> {
  vi.resetModules();
  return import("../../src/index.js");
}

/** The error classes a copy exports that are genway errors (GenwayError and below). */
function errorClasses(copy: Record<string, unknown>): Map<string, ErrorClass> {
  const root = copy.GenwayError as ErrorClass;
  const classes = new Map<string, ErrorClass>();
  for (const [name, value] of Object.entries(copy)) {
    if (typeof value !== "function") continue;
    if (value === root || value.prototype instanceof root) classes.set(name, value as ErrorClass);
  }
  return classes;
}

/** An instance of `type` as its copy's constructor leaves it, for the parts instanceof reads. */
function instanceOf(type: ErrorClass): Error {
  const error = Object.create(type.prototype) as Error;
  Object.defineProperty(error, Symbol.for("genway.error"), { value: true, enumerable: true });
  return error;
}

describe("instanceof across two copies of genway", () => {
  it("an error thrown by one copy is an instance of its class and every parent in the other, and of nothing else", async () => {
    const a = await copyOfGenway();
    const b = await copyOfGenway();
    expect(a.RateLimitError).not.toBe(b.RateLimitError); // really two copies
    const RateLimitB = b.RateLimitError as new (message: string, init: object) => Error;
    const thrown = new RateLimitB("Too many requests", { status: 429, retryAfterMs: 1000 });

    for (const parent of ["RateLimitError", "APIError", "GenwayError"]) {
      expect(thrown instanceof (a[parent] as ErrorClass), parent).toBe(true);
    }
    for (const other of ["AuthenticationError", "APIConnectionError", "ValidationError", "TaskFailedError"]) {
      expect(thrown instanceof (a[other] as ErrorClass), other).toBe(false);
    }
    expect(thrown instanceof Error).toBe(true);
    expect((a.isGenwayError as (value: unknown) => boolean)(thrown)).toBe(true);
  });

  it("every pair of exported error classes: the other copy's answer is this copy's own", async () => {
    const a = errorClasses(await copyOfGenway());
    const b = errorClasses(await copyOfGenway());
    expect(a.size).toBeGreaterThan(25);
    for (const [thrownName, ThrownB] of b) {
      const error = instanceOf(ThrownB);
      for (const [className, ClassA] of a) {
        const ClassB = b.get(className)!;
        const sameCopy = ThrownB === ClassB || ThrownB.prototype instanceof ClassB;
        expect(error instanceof ClassA, `${thrownName} instanceof ${className}`).toBe(sameCopy);
      }
    }
  });

  it("says no to what is not a genway error: another library's class of the same name, plain values", async () => {
    const { RateLimitError, GenwayError } = (await copyOfGenway()) as Record<string, ErrorClass>;
    class OtherRateLimitError extends Error {
      static override name = "RateLimitError";
    }
    // Named like genway's, and even carrying a parent named GenwayError, but not branded.
    class Impostor extends Error {
      static override name = "GenwayError";
    }
    expect(new OtherRateLimitError("slow") instanceof RateLimitError!).toBe(false);
    expect(new Impostor("no") instanceof GenwayError!).toBe(false);
    for (const value of [null, undefined, 0, "RateLimitError", {}, { name: "RateLimitError" }]) {
      expect(value instanceof RateLimitError!).toBe(false);
    }
  });

  it("each error class states its own name (a static `name`, kept through minification), which its instances carry", async () => {
    const copy = await copyOfGenway();
    const RateLimitError = copy.RateLimitError as new (message: string) => Error;
    expect(new RateLimitError("slow").name).toBe("RateLimitError");
    for (const [exported, type] of errorClasses(copy)) {
      // A class field defines a writable `name`; a class without one has only the engine's read-only name.
      const own = Object.getOwnPropertyDescriptor(type, "name");
      expect(own?.writable, `${exported} declares static override name = "${exported}"`).toBe(true);
      expect(type.name).toBe(exported);
    }
  });
});
