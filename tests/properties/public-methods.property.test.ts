/**
 * Every public method of the client, called with arbitrary values of the wrong type for its params
 * and options: only genway errors come out (never a TypeError or a URIError), a method that returns
 * a promise never throws out of the call (its promise rejects), and nothing is sent (the client's
 * fetch counts requests). The methods are found by walking the client's namespaces, so a new one is
 * covered; which of them return no promise is derived from their declared types by the compiler.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type Genway from "../../src/index.js";
import { isGenwayError } from "../../src/index.js";
import { serving } from "../support/index.js";

/** The client's own plumbing (marked @internal): not methods a user calls. */
type Internal = "transport" | "taskRegistry";
const INTERNAL: ReadonlySet<string> = new Set<Internal>(["transport", "taskRegistry"]);

type Method = (...args: any[]) => unknown;
type Names<T> = Exclude<keyof T, Internal | symbol | number>;
/** The dotted path of every method of `T` (its namespaces walked) whose declared result is no promise. */
type ReturnsNoPromise<T, At extends string = ""> = {
  [K in Names<T>]: T[K] extends Method
    ? ReturnType<T[K]> extends PromiseLike<unknown>
      ? never
      : `${At}${K & string}`
    : T[K] extends object
      ? ReturnsNoPromise<T[K], `${At}${K & string}.`>
      : never;
}[Names<T>];

/**
 * The methods whose result is no promise (a runner, a Task, a list, a JSON form): these may throw
 * their ValidationError at once. The compiler keeps the list exact both ways (below).
 */
const RETURNS_NO_PROMISE = [
  "toJSON",
  "withOptions",
  "costs.reset",
  "costs.toJSON",
  "tasks.get",
  "tasks.kinds",
  "chat.completions.runTools",
  "messages.runTools",
  "responses.runTools",
] as const satisfies readonly ReturnsNoPromise<Genway>[];
/** Compiles only while every method that returns no promise is listed above. */
const listed: [Exclude<ReturnsNoPromise<Genway>, (typeof RETURNS_NO_PROMISE)[number]>] extends [never]
  ? true
  : never = true;
void listed;

interface Found {
  path: string;
  call: (...args: unknown[]) => unknown;
}

/** Every method reachable from `client` through its public namespaces, by dotted path. */
function methodsOf(client: object): Found[] {
  const found: Found[] = [];
  const seen = new Set<object>();
  const walk = (target: object, at: string) => {
    if (seen.has(target)) return;
    seen.add(target);
    const names = new Set<string>();
    for (let proto = Object.getPrototypeOf(target); proto && proto !== Object.prototype; ) {
      for (const name of Object.getOwnPropertyNames(proto)) {
        const descriptor = Object.getOwnPropertyDescriptor(proto, name)!;
        if (name !== "constructor" && typeof descriptor.value === "function") names.add(name);
      }
      proto = Object.getPrototypeOf(proto);
    }
    for (const name of names) {
      const fn = (target as Record<string, Method>)[name]!;
      found.push({ path: `${at}${name}`, call: (...args) => fn.apply(target, args) });
    }
    for (const [name, value] of Object.entries(target)) {
      if (!INTERNAL.has(name) && typeof value === "object" && value !== null && !Array.isArray(value)) {
        walk(value, `${at}${name}.`);
      }
    }
  };
  walk(client, "");
  return found;
}

/** A client whose fetch counts what would have been sent; plain, or with every feature (money, middleware). */
function client(featured: boolean): { gw: Genway; sent: () => number } {
  const { gw, calls } = serving(
    () => Response.json({ error: { message: "nothing should reach the gateway" } }, { status: 400 }),
    featured
      ? {
          prices: "spec",
          budget: { limit: 10, currency: "CNY" },
          middleware: [(request, next) => next(request)],
        }
      : {},
  );
  return { gw, sent: () => calls.length };
}

/**
 * Values of the wrong type for every argument of every method: not params, not an id, not options,
 * not a file (a string is an id or a URL somewhere, `{}` valid options or params, so neither is here).
 */
const notAnObject: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.double(),
  fc.integer(),
  fc.boolean(),
  fc.bigInt(),
  fc.string().map((description) => Symbol(description)),
  fc.constant(() => "a function"),
  fc.array(fc.oneof(fc.integer(), fc.constant(null)), { maxLength: 3 }),
);

/**
 * Options whose one field holds the wrong type (a call's, a wait's and a download's options share
 * these names). Only after the first argument: as a first argument such an object is a params
 * object, which some methods must send to judge (a price estimate loads the prices first).
 */
const wrongOptions: fc.Arbitrary<unknown> = fc.oneof(
  fc.record({ timeout: fc.oneof(fc.string(), fc.constant(-1), fc.constant(Number.NaN)) }),
  fc.record({ signal: fc.oneof(fc.integer(), fc.string(), fc.constant({})) }),
);

/** One to three arguments, each of the wrong type. */
const wrongArguments = fc
  .tuple(notAnObject, fc.array(fc.oneof(notAnObject, wrongOptions), { maxLength: 2 }))
  .map(([first, rest]) => [first, ...rest]);

/** How a call ended: thrown at once, settled with an error, or settled with a value. */
async function outcome(
  run: () => unknown,
): Promise<{ thrown?: unknown; rejected?: unknown; returned?: unknown }> {
  let result: unknown;
  try {
    result = run();
  } catch (thrown) {
    return { thrown };
  }
  if (typeof (result as PromiseLike<unknown> | null)?.then !== "function") return { returned: result };
  let timer: ReturnType<typeof setTimeout> | undefined;
  const stalled = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error("did not settle within 2 s")), 2000);
  });
  try {
    return { returned: await Promise.race([result, stalled]) };
  } catch (rejected) {
    return { rejected };
  } finally {
    clearTimeout(timer);
  }
}

const describeError = (error: unknown) =>
  error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error);

describe("every public method, given arguments of the wrong type", () => {
  const clients = [client(false), client(true)].map(({ gw, sent }) => ({
    sent,
    methods: new Map(methodsOf(gw).map((m) => [m.path, m])),
  }));
  const methods = [...clients[0]!.methods.values()];

  it("the walk finds the client's methods, and every one the types say returns no promise", () => {
    const paths = methods.map((m) => m.path);
    expect(paths.length).toBeGreaterThan(60);
    for (const path of RETURNS_NO_PROMISE) expect(paths).toContain(path);
    for (const path of [
      "chat.completions.create",
      "vidgen.retrieve",
      "musicgen.uploads.upload",
      "models.list",
    ]) {
      expect(paths).toContain(path);
    }
  });

  it("only genway errors come out, a promise is never thrown out of, and nothing is sent", async () => {
    const syncAllowed: ReadonlySet<string> = new Set(RETURNS_NO_PROMISE);
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...methods.map((m) => m.path)),
        wrongArguments,
        fc.boolean(),
        async (path, args, withFeatures) => {
          const { sent, methods: byPath } = clients[withFeatures ? 1 : 0]!;
          const method = byPath.get(path)!;
          const before = sent();
          const { thrown, rejected } = await outcome(() => method.call(...args));
          if (thrown !== undefined) {
            expect(syncAllowed.has(path), `${path} threw out of its promise: ${describeError(thrown)}`).toBe(
              true,
            );
            expect(isGenwayError(thrown), `${path} threw ${describeError(thrown)}`).toBe(true);
          }
          if (rejected !== undefined) {
            expect(isGenwayError(rejected), `${path} rejected with ${describeError(rejected)}`).toBe(true);
          }
          expect(sent() - before, `${path} sent a request`).toBe(0);
        },
      ),
      {
        numRuns: methods.length * 12,
        // Each method at least once with no arguments of use (null), whatever the draw.
        examples: methods.map((m) => [m.path, [null], false] as [string, unknown[], boolean]),
      },
    );
  });
});
