/** gw.images.generate: every bound of each family before the wire, the wire itself, and the mock's own checks. */
import { describe, expect, it } from "vitest";
import { imageDimensions, sniffMime } from "../../../src/core/uploads/sniff.js";
import {
  BadRequestError,
  FAMILY_A_MODELS,
  FAMILY_B_MODELS,
  FAMILY_SIZES,
  GENERIC_SIZES,
  type ImageGenerateParams,
  InternalServerError,
  imageFamily,
  models,
  RateLimitError,
  ValidationError,
} from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";

const PATH = "/v1/images/generations";

async function rejected(params: Record<string, unknown>) {
  const { mock, gw } = await loopback();
  const error = await thrown(() => gw.images.generate(params as unknown as ImageGenerateParams));
  expect(error).toBeInstanceOf(ValidationError);
  expect(mock.requests).toHaveLength(0); // nothing went over the wire
  return error.issues as Array<{ path: string; rule: string; message: string }>;
}

describe("which rules a model id gets (the model catalog decides)", () => {
  it.each([
    [undefined, "generic"],
    ["imgA-pro", "imgA"],
    ["IMGA-dev", "imgA"],
    ["imgA-ultra", "imgA"],
    ["imgB-seasonal", "imgB"],
    ["nano-banana", "nano-banana"],
    ["nano-banana-hd", "nano-banana"],
    ["dall-e-3", undefined],
    ["gpt-image-1", undefined],
    ["flux-kontext-pro", undefined],
  ])("%s -> %s", (model, family) => {
    expect(imageFamily(model)).toBe(family);
  });

  it("follows registrations: a real id placed in family A gets its sizes", async () => {
    const undo = models.register("flux-1-*", "imgA");
    try {
      expect(imageFamily("flux-1-dev")).toBe("imgA");
      const issues = await rejected({ model: "flux-1-dev", prompt: "p", size: "256x256" });
      expect(issues).toEqual([expect.objectContaining({ path: "size", rule: "invalid_value" })]);
      const { gw, mock } = await loopback();
      await gw.images.generate({ model: "flux-1-dev", prompt: "p", size: "1344x576" });
      expect(mock.requests[0]!.body).toEqual({ model: "flux-1-dev", prompt: "p", size: "1344x576" });
    } finally {
      undo();
    }
    expect(imageFamily("flux-1-dev")).toBeUndefined();
  });
});

describe("ids the catalog does not place are never refused", () => {
  it.each<[string, Record<string, unknown>]>([
    ["dall-e-3 at 1792x1024", { model: "dall-e-3", prompt: "a sea otter", size: "1792x1024", quality: "hd" }],
    [
      "gpt-image-1 with its own fields",
      { model: "gpt-image-1", prompt: "a cat", size: "auto", background: "transparent", n: 1 },
    ],
    ["flux-pro with a long prompt and n 12", { model: "flux-pro", prompt: "x".repeat(3000), n: 12 }],
  ])("%s: sent unchanged", async (_, params) => {
    const { gw, mock } = await loopback();
    const result = await gw.images.generate(params as unknown as ImageGenerateParams);
    expect(result.data.length).toBeGreaterThan(0);
    expect(mock.requests[0]!.body).toEqual(params);
  });

  it("pass undeclared fields through at run time, and extra_body over them", async () => {
    const { gw, mock } = await loopback();
    const params = { model: "gpt-image-1", prompt: "p", partial_images: 2 };
    await gw.images.generate(params as ImageGenerateParams, { extra_body: { input_fidelity: "high" } });
    expect(mock.requests[0]!.body).toEqual({ ...params, input_fidelity: "high" });
  });

  it("still need a prompt (every model does)", async () => {
    const issues = await rejected({ model: "dall-e-3", prompt: "" });
    expect(issues).toEqual([expect.objectContaining({ path: "prompt", rule: "too_small" })]);
    expect(await rejected({ model: "dall-e-3" })).toEqual([
      expect.objectContaining({ path: "prompt", rule: "invalid_type" }),
    ]);
  });
});

describe("generic variant bounds", () => {
  it.each<[string, Record<string, unknown>, string, string]>([
    ["no prompt", {}, "prompt", "invalid_type"],
    ["an empty prompt", { prompt: "" }, "prompt", "too_small"],
    ["a 1001-character prompt", { prompt: "x".repeat(1001) }, "prompt", "too_big"],
    ["n of 0", { prompt: "p", n: 0 }, "n", "too_small"],
    ["n of 11", { prompt: "p", n: 11 }, "n", "too_big"],
    ["n of 1.5", { prompt: "p", n: 1.5 }, "n", "invalid_type"],
    ["a family size", { prompt: "p", size: "1024x576" }, "size", "invalid_value"],
    ["an unknown size", { prompt: "p", size: "2048x2048" }, "size", "invalid_value"],
  ])("rejects %s", async (_, params, path, rule) => {
    const issues = await rejected(params);
    expect(issues).toEqual([expect.objectContaining({ path, rule })]);
  });

  it("lists every issue at once", async () => {
    const issues = await rejected({ prompt: "x".repeat(1001), n: 11, size: "1x1" });
    expect(issues.map((i) => i.path)).toEqual(["prompt", "n", "size"]);
    expect(issues[0]!.message).toBe("must be at most 1000 characters");
    expect(issues[1]!.message).toBe("must be at most 10");
    expect(issues[2]!.message).toBe('must be one of "256x256", "512x512", "1024x1024"');
  });

  it("accepts the edges: 1000 characters, n 1 and 10, each size; sends the body as given", async () => {
    const { mock, gw } = await loopback();
    for (const size of GENERIC_SIZES) {
      for (const n of [1, 10]) {
        const result = await gw.images.generate({ prompt: "é".repeat(1000), n, size, user: "u-1" });
        expect(result.data).toHaveLength(n);
        expect(result.created).toBeTypeOf("number");
      }
    }
    const last = mock.requests.at(-1)!;
    expect(last.path).toBe(PATH);
    expect(last.headers.authorization).toBe(`Bearer ${mock.apiKey}`);
    expect(last.body).toEqual({ prompt: "é".repeat(1000), n: 10, size: "1024x1024", user: "u-1" });
  });
});

describe("families A and B", () => {
  it("accepts every id with every one of the twelve sizes", async () => {
    const { mock, gw } = await loopback();
    for (const model of [...FAMILY_A_MODELS, ...FAMILY_B_MODELS]) {
      for (const size of FAMILY_SIZES) {
        const { data } = await gw.images.generate({ model, prompt: "a harbour at dawn", size });
        expect(data[0]!.url).toMatch(new RegExp(`-${size}\\.png$`));
      }
    }
    expect(mock.requests).toHaveLength(5 * 12);
    expect(FAMILY_SIZES).toHaveLength(12);
  });

  it.each<[string, Record<string, unknown>, string, string, RegExp]>([
    [
      "a generic size for family A",
      { model: "imgA-dev", size: "256x256" },
      "size",
      "invalid_value",
      /1344x576/,
    ],
    [
      "a generic size for family B",
      { model: "imgB-standard", size: "512x512" },
      "size",
      "invalid_value",
      /1366x768/,
    ],
    [
      "a size off the list for a family A tier the spec does not name",
      { model: "imgA-ultra", size: "1024x1792" },
      "size",
      "invalid_value",
      /1024x512/,
    ],
    ["no prompt", { model: "imgA-pro", prompt: undefined }, "prompt", "invalid_type", /required/],
  ])("rejects %s", async (_, params, path, rule, message) => {
    const issues = await rejected({ prompt: "p", ...params });
    expect(issues).toEqual([
      expect.objectContaining({ path, rule, message: expect.stringMatching(message) }),
    ]);
  });

  it("does not apply the generic prompt limit to a family (the spec bounds only the generic variant)", async () => {
    const { gw } = await loopback();
    const { data } = await gw.images.generate({
      model: "imgA-base",
      prompt: "x".repeat(1500),
      size: "1344x576",
    });
    expect(data).toHaveLength(1);
  });
});

describe("nano-banana", () => {
  it("checks only model and prompt; its other fields pass through untouched", async () => {
    const { mock, gw } = await loopback();
    const params = {
      model: "nano-banana",
      prompt: "x".repeat(3000),
      aspect_ratio: "16:9",
      image: ["https://a/b.png"],
    };
    const { data } = await gw.images.generate(params);
    expect(data[0]!.url).toMatch(/-1024x576\.png$/);
    expect(mock.requests[0]!.body).toEqual(params);
    const issues = await rejected({ model: "nano-banana-hd", prompt: "" });
    expect(issues).toEqual([expect.objectContaining({ path: "prompt", rule: "too_small" })]);
  });
});

describe("the result", () => {
  it("is { created, data[{ url }] }, and each URL downloads as a real PNG of the requested size", async () => {
    const { gw } = await loopback();
    const result = await gw.images.generate({
      model: "imgB-standard",
      prompt: "dunes",
      size: "1344x576",
      n: 2,
    });
    expect(Object.keys(result).sort()).toEqual(["created", "data"]);
    expect(result.data).toHaveLength(2);
    for (const item of result.data) {
      const bytes = await (await gw.images.download(item)).bytes();
      expect(sniffMime(bytes)).toBe("image/png");
      expect(imageDimensions(bytes)).toEqual({ width: 1344, height: 576 });
    }
  });

  it("carries base64 when response_format is b64_json", async () => {
    const { gw } = await loopback();
    const { data } = await gw.images.generate({ prompt: "p", size: "512x512", response_format: "b64_json" });
    const bytes = Uint8Array.from(atob(data[0]!.b64_json!), (c) => c.charCodeAt(0));
    expect(imageDimensions(bytes)).toEqual({ width: 512, height: 512 });
  });

  it("gives the request id with withResponse()", async () => {
    const { gw } = await loopback();
    const { data, requestId, response } = await gw.images.generate({ prompt: "p" }).withResponse();
    expect(data.data).toHaveLength(1);
    expect(requestId).toMatch(/^mock-req-/);
    expect(response.status).toBe(200);
  });
});

describe("files in a JSON request", () => {
  it("are refused instead of going out as {}", async () => {
    const issues = await rejected({ model: "nano-banana", prompt: "p", image: [new Blob(["x"])] });
    expect(issues).toEqual([expect.objectContaining({ path: "image", rule: "invalid_type" })]);
  });
});

describe("the mock gateway checks the same rules (validation: 'off')", () => {
  it.each<[string, Record<string, unknown>, string]>([
    ["a long generic prompt", { prompt: "x".repeat(1001) }, "prompt"],
    ["n of 11", { prompt: "p", n: 11 }, "n"],
    ["a family size on the generic variant", { prompt: "p", size: "1366x768" }, "size"],
    ["a generic size on family A", { model: "imgA-pro", prompt: "p", size: "256x256" }, "size"],
    ["a missing prompt", { model: "imgB-standard" }, "prompt"],
  ])("answers %s with 221306", async (_, params, param) => {
    const { gw } = await loopback({ validation: "off" });
    const error = await thrown(() => gw.images.generate(params as unknown as ImageGenerateParams));
    expect(error).toBeInstanceOf(BadRequestError);
    expect(error.code).toBe(221306);
    expect(error.param).toBe(param);
  });

  it("serves any model id, with any size it asks for", async () => {
    const { gw } = await loopback({ validation: "off" });
    for (const model of ["dall-e-3", "imgA-ultra", "flux-kontext-pro"]) {
      const { data } = await gw.images.generate({ model, prompt: "p", size: "1024x1024" });
      expect(data[0]!.url).toMatch(/-1024x1024\.png$/);
    }
    const wide = await gw.images.generate({ model: "dall-e-3", prompt: "p", size: "1792x1024" });
    expect(wide.data[0]!.url).toMatch(/-1792x1024\.png$/);
  });
});

describe("billing-safe retries (policy 'paid')", () => {
  it("never repeats a generation after a bare 500: it may have been made and billed", async () => {
    const { mock, gw } = await loopback({ maxRetries: 3 });
    mock.inject({ match: PATH, status: 500 });
    expect(await thrown(() => gw.images.generate({ prompt: "p" }))).toBeInstanceOf(InternalServerError);
    expect(mock.requests).toHaveLength(1);
  });

  it("repeats one turned away by the rate limiter (10012)", async () => {
    const { mock, gw } = await loopback({ maxRetries: 1 });
    mock.inject({ match: PATH, code: 10012, retryAfterMs: 10 });
    const { data } = await gw.images.generate({ prompt: "p" });
    expect(data).toHaveLength(1);
    expect(mock.requests).toHaveLength(2);
  });

  it("reports 10012 as RateLimitError once retries are spent", async () => {
    const { mock, gw } = await loopback();
    mock.inject({ match: PATH, code: 10012 });
    expect(await thrown(() => gw.images.generate({ prompt: "p" }))).toBeInstanceOf(RateLimitError);
  });
});
