/** Type tests of the request options every method takes. */
import { describe, expectTypeOf, it } from "vitest";
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
