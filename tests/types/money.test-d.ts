/** Type tests of money and fallback: fallback lists on the chat formats only, budgets in CNY, cost on results. */
import { describe, expectTypeOf, it } from "vitest";
import Genway, {
  type CostEstimate,
  type CostEvent,
  type EstimateCostParams,
  estimateCost,
  type GenwayOptions,
  type Middleware,
  type PriceBook,
  type RequestOptions,
} from "../../src/index.js";

const gw = new Genway({ apiKey: "k", baseURL: "http://x.test" });

describe("fallback lists", () => {
  it("chat, messages, responses and native take [primary, ...fallbacks]", () => {
    async function calls() {
      await gw.chat.completions.create({
        model: ["gpt-4o", "gpt-4o-mini"],
        messages: [{ role: "user", content: "hi" }],
      });
      await gw.messages.create({
        model: ["claude-sonnet-4-5", "claude-haiku-4-5"],
        max_tokens: 8,
        messages: [],
      });
      await gw.responses.create({ model: ["gpt-4o", "o3"], input: "hi" });
      await gw.native.generateContent({ model: ["gemini-2.5-pro", "gemini-2.5-flash"], contents: [] });
      // @ts-expect-error: an empty list names no model
      await gw.chat.completions.create({ model: [], messages: [] });
      // @ts-expect-error: images are paid: a list is no model there (use fallback + paidFallback per call)
      await gw.images.generate({ model: ["dall-e-3", "gpt-image-1"], prompt: "a fox" });
      await gw.images.generate(
        { model: "dall-e-3", prompt: "a fox" },
        { fallback: ["gpt-image-1"], paidFallback: true },
      );
    }
    void calls;
  });
});

describe("money", () => {
  it("withResponse() carries the model used and the cost, or null and the reason", () => {
    async function read() {
      const r = await gw.chat.completions.create({ model: "gpt-4o", messages: [] }).withResponse();
      expectTypeOf(r.cost).toEqualTypeOf<CostEstimate | null>();
      expectTypeOf(r.costReason).toEqualTypeOf<string | undefined>();
      expectTypeOf(r.model).toEqualTypeOf<string | undefined>();
      const stream = await gw.chat.completions.create({ model: "gpt-4o", messages: [], stream: true });
      expectTypeOf(stream.cost()).toEqualTypeOf<CostEstimate | null>();
      const task = await gw.videos.create({ model: "veo3", prompt: "a cat" });
      const done = await task.wait();
      expectTypeOf(done.cost).toEqualTypeOf<CostEstimate | null | undefined>();
      expectTypeOf(gw.costs.total).toEqualTypeOf<number>();
      expectTypeOf(gw.costs.byModel).toEqualTypeOf<Record<string, { total: number; calls: number }>>();
    }
    void read;
  });

  it("a budget names its currency, or takes the client's; prices take the four sources", () => {
    const ok: GenwayOptions = { budget: { limit: 10, currency: "CNY" }, group: "svip" };
    const usd: GenwayOptions = { budget: { limit: 10, currency: "USD" }, prices: "gateway" };
    const bare: GenwayOptions = { budget: { limit: 0.001 }, prices: "auto" };
    const table: GenwayOptions = {
      prices: {
        currency: "USD",
        models: { "gpt-4o-mini": { unit: "token", prompt: 0.15, completion: 0.6 } },
      },
    };
    // @ts-expect-error: not a source
    const wrong: GenwayOptions = { prices: "live" };
    // @ts-expect-error: a table entry needs its unit
    const unitless: GenwayOptions = { prices: { currency: "USD", models: { x: { price: 1 } } } };
    void bare;
    void table;
    void wrong;
    void unitless;
    // @ts-expect-error: misspelled limit
    const typo: RequestOptions = { budget: { limt: 1, currency: "CNY" } };
    const onCost: GenwayOptions["onCost"] = (event) => expectTypeOf(event).toEqualTypeOf<CostEvent>();
    void ok;
    void usd;
    void typo;
    void onCost;
  });

  it("middleware gets the request and next, and returns a Response", () => {
    const timing: Middleware = async (request, next) => {
      expectTypeOf(request.call.operation).toEqualTypeOf<string>();
      expectTypeOf(request.attempt).toEqualTypeOf<number>();
      return next(request);
    };
    // @ts-expect-error: a middleware must resolve to the Response
    const wrong: Middleware = async (request, next) => {
      await next(request);
    };
    void timing;
    void wrong;
  });
});

describe("estimateCost's params", () => {
  it("take a request's own fields: a video's seconds, duration, size and metadata, an image's size and quality", () => {
    const prices = {} as PriceBook;
    const veo: EstimateCostParams = {
      model: "veo3.1-pro",
      duration: 8,
      seconds: "8",
      size: "3840x2160",
      metadata: { durationSeconds: 8, resolution: "4k" },
    };
    const dalle: EstimateCostParams = {
      model: "dall-e-3",
      images: 2,
      requests: 3,
      size: "1792x1024",
      quality: "hd",
    };
    expectTypeOf(estimateCost(veo, prices)).toEqualTypeOf<CostEstimate>();
    void dalle;
    // @ts-expect-error: a size is the request's "WxH" string
    const sized: EstimateCostParams = { model: "dall-e-3", size: 1024 };
    // @ts-expect-error: quality is the request's string ("hd")
    const quality: EstimateCostParams = { model: "dall-e-3", quality: true };
    // @ts-expect-error: a count is a number
    const requests: EstimateCostParams = { model: "veo3", requests: "3" };
    // @ts-expect-error: metadata is an object
    const metadata: EstimateCostParams = { model: "veo3", metadata: "4k" };
    // @ts-expect-error: misspelt field
    const typo: EstimateCostParams = { model: "veo3", durations: 8 };
    void sized;
    void quality;
    void requests;
    void metadata;
    void typo;
  });
});
