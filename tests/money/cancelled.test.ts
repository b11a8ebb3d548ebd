/**
 * A call cancelled before its request reached fetch cost nothing: its budget reservation is freed,
 * `onCost` hears nothing and `gw.costs` counts nothing, whether it was cancelled before it started
 * or while its client was still loading the gateway's prices.
 */
import { describe, expect, it } from "vitest";
import { createMockGateway } from "../../mock/index.js";
import Genway, { APIUserAbortError, type CostEvent } from "../../src/index.js";

const hi = { model: "gpt-4o-mini", max_tokens: 100, messages: [{ role: "user" as const, content: "hi" }] };

function budgeted() {
  const mock = createMockGateway();
  const events: CostEvent[] = [];
  // Room for three worst cases of `hi` at the mock gateway's prices: three cancelled calls that
  // kept their reservation would leave none for the fourth.
  const gw = new Genway({
    apiKey: mock.apiKey,
    baseURL: "http://gateway.test",
    fetch: mock.fetch,
    budget: { limit: 0.005, currency: "CNY" },
    onCost: (event) => events.push(event),
  });
  const chats = () => mock.requests.filter((r) => r.path.includes("/chat/")).length;
  return { mock, gw, events, chats };
}

describe("a call cancelled before it is sent", () => {
  it("an aborted signal: nothing sent, nothing spent, nothing reported, and the budget still admits the next call", async () => {
    const { gw, events, chats } = budgeted();
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      controller.abort();
      await expect(gw.chat.completions.create(hi, { signal: controller.signal })).rejects.toBeInstanceOf(
        APIUserAbortError,
      );
    }
    expect(chats()).toBe(0);
    expect(events).toEqual([]);
    expect(gw.costs.unpriced).toBe(0);
    expect(gw.costs.calls).toBe(0);
    await gw.chat.completions.create(hi);
    expect(chats()).toBe(1);
  });

  it("aborted while the client waits for the gateway's prices: the same", async () => {
    const { gw, events, chats } = budgeted();
    for (let i = 0; i < 3; i++) {
      const controller = new AbortController();
      // The first call of a budgeted client waits for its prices (the pricing code, then
      // /api/pricing and /api/status): aborted in that wait, before its own request.
      const call = gw.chat.completions.create(hi, { signal: controller.signal });
      controller.abort();
      await expect(call).rejects.toBeInstanceOf(APIUserAbortError);
    }
    expect(chats()).toBe(0);
    expect(events).toEqual([]);
    expect(gw.costs.unpriced).toBe(0);
    await gw.chat.completions.create(hi);
    expect(chats()).toBe(1);
  });
});
