/**
 * Every `parse` / `runTools` method reaches its implementation through one
 * CarriedMethod constant declared beside the implementation (lib/carried.ts), and exactly one
 * helper provides it. Proved from outside: each method is given the value of each helper, through
 * the mock gateway; it accepts exactly its own helper's value and refuses every other one with a
 * ValidationError naming that helper, before anything is sent.
 */

import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createMockGateway } from "../../mock/index.js";
import Genway, {
  defineTool,
  ValidationError,
  zodResponseFormat,
  zodSchema,
  zodTextFormat,
} from "../../src/index.js";
import { CHAT_PARSE } from "../../src/resources/chat/parse.js";
import { CHAT_RUN_TOOLS } from "../../src/resources/chat/run-tools.js";
import { MESSAGES_PARSE } from "../../src/resources/messages/parse.js";
import { MESSAGES_RUN_TOOLS } from "../../src/resources/messages/run-tools.js";
import { NATIVE_PARSE } from "../../src/resources/native/parse.js";
import { RESPONSES_PARSE } from "../../src/resources/responses/parse.js";
import { RESPONSES_RUN_TOOLS } from "../../src/resources/responses/run-tools.js";

const answer = z.object({ city: z.string() });

/** One value made by each helper that a parse / runTools method reads. */
const HELPERS = {
  zodResponseFormat: () => zodResponseFormat(answer, "city"),
  zodTextFormat: () => zodTextFormat(answer, "city"),
  zodSchema: () => zodSchema(answer),
  defineTool: () =>
    defineTool({ name: "lookup", parameters: z.object({ q: z.string() }), run: ({ q }) => `found ${q}` }),
} as const;
type Helper = keyof typeof HELPERS;

const hi = "Where is the Eiffel tower?";
const claude = { model: "claude-sonnet-4-5", max_tokens: 256 };

/** Every method, with its carried constant, and a call of it with `value` where its helper's value goes. */
const METHODS = [
  {
    method: CHAT_PARSE,
    call: (gw: Genway, value: any) =>
      gw.chat.completions.parse({
        model: "gpt-4o-mini",
        messages: [{ role: "user", content: hi }],
        response_format: value,
      }),
  },
  {
    method: CHAT_RUN_TOOLS,
    call: (gw: Genway, value: any) =>
      gw.chat.completions
        .runTools({ model: "gpt-4o-mini", messages: [{ role: "user", content: hi }], tools: [value] })
        .finalContent(),
  },
  {
    method: MESSAGES_PARSE,
    call: (gw: Genway, value: any) =>
      gw.messages.parse({ ...claude, messages: [{ role: "user", content: hi }], schema: value }),
  },
  {
    method: MESSAGES_RUN_TOOLS,
    call: (gw: Genway, value: any) =>
      gw.messages
        .runTools({ ...claude, messages: [{ role: "user", content: hi }], tools: [value] })
        .finalContent(),
  },
  {
    method: RESPONSES_PARSE,
    call: (gw: Genway, value: any) =>
      gw.responses.parse({ model: "gpt-4o-mini", input: hi, text: { format: value } }),
  },
  {
    method: RESPONSES_RUN_TOOLS,
    call: (gw: Genway, value: any) =>
      gw.responses.runTools({ model: "gpt-4o-mini", input: hi, tools: [value] }).finalContent(),
  },
  {
    method: NATIVE_PARSE,
    call: (gw: Genway, value: any) =>
      gw.native.parse({
        model: "gemini-2.5-flash",
        contents: [{ role: "user", parts: [{ text: hi }] }],
        schema: value,
      }),
  },
];

/** What a method does with one helper's value: "accepted" (the call ran), or the helper it asked for. */
async function outcome(call: (gw: Genway, value: unknown) => Promise<unknown>, helper: Helper) {
  const mock = createMockGateway();
  const gw = new Genway({
    apiKey: mock.apiKey,
    baseURL: "http://gateway.test",
    fetch: mock.fetch,
    maxRetries: 0,
  });
  try {
    await call(gw, HELPERS[helper]());
    return { accepted: true, sent: mock.requests.length };
  } catch (error) {
    if (!(error instanceof ValidationError) || error.issues[0]?.rule !== "parseable") throw error;
    return { accepted: false, sent: mock.requests.length, error };
  }
}

describe("parse and runTools: one carried method, one provider", () => {
  it("the seven methods are seven constants, each with its own operation", () => {
    const operations = METHODS.map(({ method }) => method.operation);
    expect(operations).toEqual([
      "chat.completions.parse",
      "chat.completions.runTools",
      "messages.parse",
      "messages.runTools",
      "responses.parse",
      "responses.runTools",
      "native.parse",
    ]);
    expect(new Set(operations).size).toBe(operations.length);
  });

  it.each(METHODS)(
    "$method.operation accepts the value of exactly one helper, $method.helper",
    async ({ method, call }) => {
      const accepting: string[] = [];
      for (const helper of Object.keys(HELPERS) as Helper[]) {
        const result = await outcome(call, helper);
        if (result.accepted) {
          accepting.push(helper);
          expect(result.sent).toBeGreaterThan(0);
        } else {
          // Refused before anything was sent, naming the field and the helper to use.
          expect(result.sent).toBe(0);
          expect(result.error!.message).toBe(
            `Invalid ${method.operation} request: ${method.field}: must come from ${method.helper}`,
          );
        }
      }
      expect(accepting).toHaveLength(1);
      expect(method.helper.startsWith(accepting[0]!)).toBe(true);
    },
  );
});
