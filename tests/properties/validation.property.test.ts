/**
 * Properties of client-side validation on gw.chat.completions.create: a value anywhere inside a bound
 * (the bound itself and the closest doubles included) is sent as written; a value just outside
 * throws a ValidationError naming the field, and nothing reaches the wire.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ValidationError } from "../../src/index.js";
import { recordingClient } from "./support.js";

const RUNS = { numRuns: 150 };
const base = { model: "gpt-4o-mini", messages: [{ role: "user" as const, content: "hi" }] };

/** The next double above / below x: "just outside" a closed bound. */
function nextUp(x: number): number {
  if (x === 0) return Number.MIN_VALUE;
  const view = new DataView(new ArrayBuffer(8));
  view.setFloat64(0, x);
  const bits = view.getBigInt64(0);
  view.setBigInt64(0, x > 0 ? bits + 1n : bits - 1n);
  return view.getFloat64(0);
}
const nextDown = (x: number) => -nextUp(-x);

/** Values in [min, max]: the bounds, their nearest inner neighbours and anything between. */
const inside = (min: number, max: number) =>
  fc.oneof(
    fc.constantFrom(min, max, nextUp(min), nextDown(max), (min + max) / 2),
    fc.double({ min, max, noNaN: true }),
  );

/** Values outside [min, max]: the nearest outer neighbours, far values, infinities and NaN. */
const outside = (min: number, max: number) =>
  fc
    .oneof(
      fc.constantFrom(
        nextDown(min),
        nextUp(max),
        min - 1,
        max + 1,
        Number.POSITIVE_INFINITY,
        Number.NEGATIVE_INFINITY,
        Number.NaN,
      ),
      fc.double({ max: min, maxExcluded: true, noNaN: true }),
      fc.double({ min: max, minExcluded: true, noNaN: true }),
    )
    .filter((x) => !(x >= min && x <= max)); // fast-check orders -0 below 0; numerically it is inside

const RANGES = [
  { field: "temperature", min: 0, max: 2 },
  { field: "top_p", min: 0, max: 1 },
  { field: "presence_penalty", min: -2, max: 2 },
  { field: "frequency_penalty", min: -2, max: 2 },
] as const;

async function sends(params: Record<string, unknown>) {
  const { gw, calls } = recordingClient();
  const completion = await gw.chat.completions.create({ ...base, ...params, stream: false });
  expect(completion.object).toBe("chat.completion");
  expect(calls).toHaveLength(1);
  // Sent as written: JSON cannot tell -0 from 0, so compare after the same round trip.
  expect(calls[0]!.body).toMatchObject(JSON.parse(JSON.stringify(params)));
}

async function refuses(params: Record<string, unknown>, fields: string[]) {
  const { gw, calls } = recordingClient();
  let error: unknown;
  try {
    await gw.chat.completions.create({ ...base, ...params } as never);
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(ValidationError);
  const issues = (error as ValidationError).issues;
  const named = new Set(issues.map((issue) => issue.path.split(".")[0]));
  expect([...named].sort()).toEqual([...fields].sort());
  for (const field of fields) expect((error as Error).message).toContain(field);
  expect(calls).toHaveLength(0);
}

describe.each(RANGES)("$field in [$min, $max]", ({ field, min, max }) => {
  it("inside is sent", async () => {
    await fc.assert(
      fc.asyncProperty(inside(min, max), (value) => sends({ [field]: value })),
      RUNS,
    );
  });

  it("outside is refused, naming the field, and nothing is sent", async () => {
    await fc.assert(
      fc.asyncProperty(outside(min, max), (value) => refuses({ [field]: value }, [field])),
      RUNS,
    );
  });
});

describe("logit_bias: token id -> bias in [-100, 100]", () => {
  const tokenId = fc.nat({ max: 200_000 }).map(String);

  it("inside is sent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(tokenId, inside(-100, 100), { maxKeys: 6 }), (bias) =>
        sends({ logit_bias: bias }),
      ),
      RUNS,
    );
  });

  it("one value outside is refused with its path, and nothing is sent", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(tokenId, inside(-100, 100), { maxKeys: 5 }),
        tokenId,
        outside(-100, 100),
        async (bias, bad, value) => {
          const { gw, calls } = recordingClient();
          const error = await (async () =>
            gw.chat.completions.create({ ...base, logit_bias: { ...bias, [bad]: value } }))().catch(
            (e: unknown) => e,
          );
          expect(error).toBeInstanceOf(ValidationError);
          expect((error as ValidationError).issues.map((i) => i.path)).toContain(`logit_bias.${bad}`);
          expect(calls).toHaveLength(0);
        },
      ),
      RUNS,
    );
  });

  it("a key that is not a token id is refused", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 8 }).filter((k) => !/^\d+$/.test(k)),
        (key) => refuses({ logit_bias: { [key]: 1 } }, ["logit_bias"]),
      ),
      RUNS,
    );
  });
});

describe("stop: a string or 1 to 4 strings", () => {
  const word = fc.string({ maxLength: 10 });

  it("up to 4 is sent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(word, fc.array(word, { minLength: 1, maxLength: 4 })), (stop) =>
        sends({ stop }),
      ),
      RUNS,
    );
  });

  it("5 or more, or none, is refused", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.array(word, { minLength: 5, maxLength: 40 }), fc.constant([])), (stop) =>
        refuses({ stop }, ["stop"]),
      ),
      RUNS,
    );
  });
});

describe("n: an integer >= 1", () => {
  it("1 and up (to the 128 the gateway allows) is sent", async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.constantFrom(1, 2, 128), fc.integer({ min: 1, max: 128 })), (n) =>
        sends({ n }),
      ),
      RUNS,
    );
  });

  it("0, negatives, fractions and non-finite values are refused", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.constantFrom(0, -1, 0.5, 1.5, nextUp(1), 129, Number.NaN, Number.POSITIVE_INFINITY),
          fc.integer({ max: 0 }),
          fc.double({ min: 1, max: 128, noNaN: true }).filter((x) => !Number.isInteger(x)),
        ),
        (n) => refuses({ n }, ["n"]),
      ),
      RUNS,
    );
  });
});

describe("several bounds at once", () => {
  const ALL = [...RANGES, { field: "n", min: 1, max: 128 }] as const;

  it("every field out of bounds is named in one error, those inside are not", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.boolean(), { minLength: ALL.length, maxLength: ALL.length }),
        fc.array(fc.double({ min: 0, max: 1, noNaN: true }), {
          minLength: ALL.length,
          maxLength: ALL.length,
        }),
        fc.boolean(),
        async (bad, picks, badStop) => {
          const params: Record<string, unknown> = {};
          const expected: string[] = [];
          ALL.forEach(({ field, min, max }, i) => {
            if (bad[i]) {
              params[field] = picks[i]! < 0.5 ? nextDown(min) : max + 1;
              expected.push(field);
            } else {
              params[field] = field === "n" ? 1 : min + (max - min) * picks[i]!;
            }
          });
          params.stop = badStop ? ["a", "b", "c", "d", "e"] : ["a"];
          if (badStop) expected.push("stop");
          if (expected.length === 0) await sends(params);
          else await refuses(params, expected);
        },
      ),
      RUNS,
    );
  });
});
