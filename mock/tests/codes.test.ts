/**
 * The mock answers a gateway code as genway's public code table says (`lookupCode`): the status it
 * travels with and its meaning. A new code is one row of that table (and docs/errors.md), not a
 * second table in the mock.
 */
import { describe, expect, it } from "vitest";
import Genway, { APIError, lookupCode, SERVICE_CODES, SYSTEM_CODES, VIDGEN_CODES } from "../../src/index.js";
import { hello, thrown } from "../../tests/support/index.js";
import { createMockGateway } from "../index.js";

describe("the mock's answer to a gateway code", () => {
  it("is the code table's status and meaning, for every code of the spec's tables", async () => {
    const mock = createMockGateway();
    const gw = new Genway({
      apiKey: mock.apiKey,
      baseURL: "http://gateway.test",
      fetch: mock.fetch,
      maxRetries: 0,
    });
    const codes = Object.keys({ ...SYSTEM_CODES, ...SERVICE_CODES, ...VIDGEN_CODES }).map(Number);
    expect(codes.length).toBeGreaterThan(30);
    const answers: Array<[number, number | undefined, string]> = [];
    for (const code of codes) {
      mock.inject({ code, times: 1 });
      const error = await thrown(() => gw.chat.completions.create(hello));
      if (!(error instanceof APIError)) throw new Error(`code ${code} gave no APIError`);
      answers.push([code, error.status, error.message]);
    }
    for (const [code, status, message] of answers) {
      const known = lookupCode(code)!;
      expect([code, status], `code ${code}`).toEqual([code, known.status]);
      expect(message, `code ${code}`).toContain(known.meaning);
    }
  });

  it("is 400 and a plain message for a code the table does not know", async () => {
    const mock = createMockGateway();
    const response = await mock.inject({ code: 299_998 }).handle(
      new Request("http://gateway.test/v1/chat/completions", {
        method: "POST",
        headers: { authorization: `Bearer ${mock.apiKey}`, "content-type": "application/json" },
        body: JSON.stringify(hello),
      }),
    );
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { code: 299_998, message: /Gateway error 299998/ },
    });
  });
});
