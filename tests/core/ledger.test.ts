/**
 * The client's ledger (src/core/http/ledger.ts): every billed call counted in a few running sums,
 * nothing kept per call, whatever the answers say.
 */
import { describe, expect, it } from "vitest";
import { Ledger } from "../../src/core/http/ledger.js";

describe("the ledger", () => {
  it("sums calls that bill alike, and keeps apart those that report other quantities or other request fields", () => {
    const ledger = new Ledger();
    for (let i = 0; i < 3; i++)
      ledger.add({ model: "m", usage: { prompt_tokens: 10, completion_tokens: 5 } });
    ledger.add({ model: "m", usage: { input_tokens: 7, output_tokens: 1, cache_read_input_tokens: 2 } });
    ledger.add({ model: "vidA-2.5", fields: { duration: 10 } });
    ledger.add({ model: "vidA-2.5", fields: { duration: 10 } });
    ledger.add({ model: "vidA-2.5", fields: { duration: 5 } });
    ledger.add({ model: "vidA-2.5" }); // no duration: priced apart (a price per second cannot price it)
    // The relay scales a veo price by its resolution: a 4k video is counted apart from a 720p one.
    ledger.add({ model: "veo3.1", fields: { metadata: { resolution: "4k" } } });
    ledger.add({ model: "veo3.1", fields: { metadata: { resolution: "720p" } } });
    expect(ledger.calls).toBe(10);
    const { entries, unpriced } = ledger.take();
    expect(unpriced).toEqual([]);
    expect(entries).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          model: "m",
          calls: 4,
          requests: 4,
          usage: { prompt: 37, completion: 16, cacheHit: 2, cacheWrite: 0 },
        }),
        expect.objectContaining({ model: "vidA-2.5", calls: 2, requests: 2, fields: { duration: 10 } }),
        expect.objectContaining({ model: "vidA-2.5", calls: 1, fields: { duration: 5 } }),
        expect.objectContaining({ model: "vidA-2.5", calls: 1, fields: undefined }),
        expect.objectContaining({ model: "veo3.1", calls: 1, fields: { metadata: { resolution: "4k" } } }),
        expect.objectContaining({ model: "veo3.1", calls: 1, fields: { metadata: { resolution: "720p" } } }),
      ]),
    );
    expect(ledger.calls).toBe(0);
  });

  it("a count that is no number, or past what one call can bill, is an unpriced call with the reason", () => {
    const ledger = new Ledger();
    ledger.add({ model: "m", usage: { prompt_tokens: "10", completion_tokens: 5 } });
    ledger.add({ model: "m", usage: { prompt_tokens: 1e20, completion_tokens: 5 } });
    ledger.add({ model: "img", images: Number.NaN });
    ledger.add({ model: "m", unpriced: "a reason of its own" });
    const { entries, unpriced } = ledger.take();
    expect(entries).toEqual([]);
    expect(unpriced.map((u) => u.reason)).toEqual([
      "prompt_tokens must be a finite number >= 0, got 10.",
      "the answer reports 100000000000000000000 prompt tokens, more than one call can bill (100000000); not believed",
      "images must be a finite number >= 0, got NaN.",
      "a reason of its own",
    ]);
  });

  it("a relay naming a different absurd usage in every answer does not grow it: reasons past a few share one count", () => {
    const ledger = new Ledger();
    for (let i = 0; i < 1000; i++) {
      ledger.add({ model: "m", usage: { prompt_tokens: 1e9 + i, completion_tokens: 1 } });
    }
    const { unpriced } = ledger.take();
    expect(unpriced.length).toBeLessThanOrEqual(33);
    expect(unpriced.reduce((sum, u) => sum + u.calls, 0)).toBe(1000);
  });
});
