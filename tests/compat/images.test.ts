/**
 * Images as other clients use them: OpenAI's documented request bodies go on the wire unchanged,
 * and OpenAI's documented responses (openai-images-response.json) parse into ImagesResponse.
 */
import { describe, expect, it } from "vitest";
import type { ImageGenerateParams } from "../../src/index.js";
import { answering, compatCapture, loopback } from "../support/index.js";

const responses = compatCapture("openai-images-response.json");

describe("OpenAI image requests go out unchanged", () => {
  const bodies: Array<[string, Record<string, unknown>]> = [
    [
      "dall-e-3 (docs example)",
      { model: "dall-e-3", prompt: "A cute baby sea otter", n: 1, size: "1024x1024" },
    ],
    [
      "dall-e-3 wide, hd, natural",
      { model: "dall-e-3", prompt: "A lighthouse", size: "1792x1024", quality: "hd", style: "natural" },
    ],
    [
      "gpt-image-1 with its own fields",
      {
        model: "gpt-image-1",
        prompt: "A children's book drawing of a veterinarian using a stethoscope",
        size: "1536x1024",
        quality: "high",
        background: "transparent",
        output_format: "webp",
        output_compression: 80,
        moderation: "low",
      },
    ],
    [
      "dall-e-2 as base64",
      {
        model: "dall-e-2",
        prompt: "A white cat",
        n: 2,
        size: "512x512",
        response_format: "b64_json",
        user: "u-1",
      },
    ],
  ];

  it.each(bodies)("%s", async (_, body) => {
    const { gw, mock } = await loopback();
    await gw.images.generate(body as unknown as ImageGenerateParams);
    expect(mock.requests.at(-1)!.path).toBe("/v1/images/generations");
    expect(mock.requests.at(-1)!.body).toEqual(body);
  });

  it("an edit with a real editing model sends every field as a form part", async () => {
    const { gw, mock } = await loopback();
    const png = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0);
    await gw.images.edit({
      model: "flux-kontext-pro",
      prompt: "Make it night",
      image: png,
      aspect_ratio: "16:9",
    });
    const form = mock.requests.at(-1)!.body as FormData;
    expect([form.get("model"), form.get("prompt"), form.get("aspect_ratio")]).toEqual([
      "flux-kontext-pro",
      "Make it night",
      "16:9",
    ]);
    expect(form.get("image")).toBeInstanceOf(File);
  });
});

describe("OpenAI image responses parse into ImagesResponse", () => {
  it("gpt-image-1: base64 data and token usage", async () => {
    const { gw } = answering(responses.gpt_image_b64);
    const result = await gw.images.generate({ model: "gpt-image-1", prompt: "p" });
    expect(result.created).toBe(1713833628);
    expect(result.data[0]!.b64_json).toBe("...");
    expect(result.data[0]!.url).toBeUndefined();
    expect(result.usage?.total_tokens).toBe(100);
    expect(result.usage?.input_tokens_details?.image_tokens).toBe(40);
  });

  it("dall-e: a URL and the revised prompt", async () => {
    const { gw, sent } = answering(responses.dalle_url_shape);
    const result = await gw.images.generate({ model: "dall-e-3", prompt: "p" });
    expect(result.data[0]!.url).toBe("https://...");
    expect(result.data[0]!.revised_prompt).toBe("...");
    expect(result.usage).toBeUndefined();
    expect(sent[0]!.url).toBe("http://gateway.test/v1/images/generations");
  });
});
