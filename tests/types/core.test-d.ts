/** Type tests of the request options every method takes. */
import { describe, expectTypeOf, it } from "vitest";
import { REQUEST_OPTIONS } from "../../src/core/http/request-options.js";
import type { OptionChecks } from "../../src/core/validation/options.js";
import type { RequestOptions } from "../../src/index.js";

describe("RequestOptions", () => {
  it("takes extra_body for fields the params types do not declare yet", () => {
    const options: RequestOptions = { extra_body: { new_field: 1 }, timeout: 5_000 };
    expectTypeOf(options.extra_body).toEqualTypeOf<Record<string, unknown> | undefined>();
    // @ts-expect-error: misspelled option
    const typo: RequestOptions = { timout: 5_000 };
    // @ts-expect-error: timeout is milliseconds, a number
    const wrong: RequestOptions = { timeout: "5s" };
    void typo;
    void wrong;
  });
});

describe("the request option map", () => {
  it("names every option RequestOptions declares, and only those: names and checks come from it", () => {
    expectTypeOf<keyof typeof REQUEST_OPTIONS>().toEqualTypeOf<keyof RequestOptions>();
    // An option declared without a check does not compile where the map is declared.
    const { paidFallback: _, ...withoutOne } = REQUEST_OPTIONS;
    // @ts-expect-error: paidFallback has no check
    withoutOne satisfies OptionChecks<keyof RequestOptions>;
    // Nor does a check of an option RequestOptions does not declare.
    // @ts-expect-error: no such option
    ({ ...REQUEST_OPTIONS, sigal: REQUEST_OPTIONS.signal }) satisfies OptionChecks<keyof RequestOptions>;
  });
});
