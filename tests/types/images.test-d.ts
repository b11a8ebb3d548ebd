/** Type tests of gw.images: declared params per variant, the schemas they mirror, typed results. */
import { describe, expectTypeOf, it } from "vitest";
import type { Input } from "../../src/core/validation/index.js";
import Genway, {
  type FamilyAImageGenerateParams,
  type FamilyBImageGenerateParams,
  type GenericImageGenerateParams,
  type Image,
  type ImageEditParams,
  type ImageGenerateParams,
  type ImagesResponse,
  type NanoBananaImageGenerateParams,
  type OpenImageGenerateParams,
} from "../../src/index.js";
import type {
  familyImageParams,
  genericImageParams,
  imageEditParams,
  nanoBananaImageParams,
  openImageParams,
} from "../../src/resources/images/operations.js";
import type { Agree, Declared, SameKeys } from "./support.js";

const gw = new Genway({ apiKey: "sk-test", baseURL: "http://gateway.test" });
const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47]);

describe("images.generate", () => {
  it("takes real ids, the spec's families and the generic variant", () => {
    async function calls() {
      const dalle = await gw.images.generate({
        model: "dall-e-3",
        prompt: "otter",
        size: "1792x1024",
        quality: "hd",
      });
      await gw.images.generate({
        model: "gpt-image-1",
        prompt: "cat",
        size: "auto",
        background: "transparent",
      });
      await gw.images.generate({ model: "flux-kontext-pro", prompt: "a boat" });
      await gw.images.generate({ model: "imgA-pro", prompt: "p", size: "1344x576" });
      await gw.images.generate({ model: "imgB-seasonal", prompt: "p", size: "768x1366" });
      await gw.images.generate({ model: "nano-banana", prompt: "p", aspect_ratio: "16:9" });
      await gw.images.generate({ prompt: "p", n: 2, size: "512x512" });
      expectTypeOf(dalle).toEqualTypeOf<ImagesResponse>();
      expectTypeOf(dalle.data).toEqualTypeOf<Image[]>();
      expectTypeOf(dalle.data[0]!.url).toEqualTypeOf<string | undefined>();
      expectTypeOf(dalle.created).toEqualTypeOf<number>();
      const params: ImageGenerateParams = { model: "dall-e-3", prompt: "p" };
      await gw.images.generate(params); // a value typed as the whole union fits
    }
    void calls;
  });

  it("refuses misspelled fields, wrong types and wrong literals", () => {
    function calls() {
      // @ts-expect-error: misspelled required field
      gw.images.generate({ promt: "x" });
      // @ts-expect-error: n is a number
      gw.images.generate({ prompt: "p", n: "2" });
      // @ts-expect-error: the generic variant (no model) has three sizes
      gw.images.generate({ prompt: "p", size: "1792x1024" });
      // @ts-expect-error: family A takes the twelve family sizes only
      gw.images.generate({ model: "imgA-pro", prompt: "p", size: "256x256" });
      // @ts-expect-error: response_format is url or b64_json
      gw.images.generate({ model: "dall-e-3", prompt: "p", response_format: "png" });
    }
    void calls;
  });

  it("declares the same fields as the schemas (both ways)", () => {
    expectTypeOf<GenericImageGenerateParams>().toExtend<Declared<Input<typeof genericImageParams>>>();
    expectTypeOf<Declared<Input<typeof genericImageParams>>>().toExtend<GenericImageGenerateParams>();
    // The schema takes any model string (the catalog decides the family at run time); the declared
    // types name the spec's ids, so only the declared-to-schema direction holds for model.
    expectTypeOf<FamilyAImageGenerateParams>().toExtend<Declared<Input<typeof familyImageParams>>>();
    expectTypeOf<FamilyBImageGenerateParams>().toExtend<Declared<Input<typeof familyImageParams>>>();
    expectTypeOf<Omit<Declared<Input<typeof familyImageParams>>, "model">>().toExtend<
      Omit<FamilyAImageGenerateParams, "model">
    >();
    expectTypeOf<NanoBananaImageGenerateParams>().toExtend<Declared<Input<typeof nanoBananaImageParams>>>();
    expectTypeOf<Omit<Declared<Input<typeof nanoBananaImageParams>>, "model">>().toExtend<
      Omit<NanoBananaImageGenerateParams, "model">
    >();
    expectTypeOf<OpenImageGenerateParams>().toExtend<Declared<Input<typeof openImageParams>>>();
    expectTypeOf<Declared<Input<typeof openImageParams>>>().toExtend<OpenImageGenerateParams>();
  });

  it("declares exactly the fields each schema checks, less those sent unchecked", () => {
    // Fields the spec gives no bound for pass through as given (operations.ts says so): one list per variant.
    type Open = "response_format" | "user";
    // The generic variant is the one without a model: `model?: undefined` is its mark, not a field to check.
    expectTypeOf<
      SameKeys<GenericImageGenerateParams, Declared<Input<typeof genericImageParams>>, Open | "model">
    >().toEqualTypeOf<Agree>();
    // Families A and B: the spec bounds their sizes; an image count is a whole number >= 1 for every model.
    expectTypeOf<
      SameKeys<
        FamilyAImageGenerateParams | FamilyBImageGenerateParams,
        Declared<Input<typeof familyImageParams>>,
        Open
      >
    >().toEqualTypeOf<Agree>();
    // nano-banana: the spec shows no field beyond the model and the prompt (and the count, as for every model).
    expectTypeOf<
      SameKeys<
        NanoBananaImageGenerateParams,
        Declared<Input<typeof nanoBananaImageParams>>,
        Open | "aspect_ratio" | "image"
      >
    >().toEqualTypeOf<Agree>();
    // Any other model: the upstream (OpenAI-style) fields, whose values differ by model (a count and
    // a size are checked for their types only).
    type Upstream =
      | "quality"
      | "style"
      | "background"
      | "output_format"
      | "output_compression"
      | "moderation";
    expectTypeOf<
      SameKeys<OpenImageGenerateParams, Declared<Input<typeof openImageParams>>, Open | Upstream>
    >().toEqualTypeOf<Agree>();
  });
});

describe("images.edit", () => {
  it("takes any model and ratio, files for image", () => {
    async function calls() {
      const edited = await gw.images.edit({
        model: "flux-kontext-pro",
        prompt: "p",
        image: png,
        aspect_ratio: "21:9",
      });
      await gw.images.edit({
        model: "flux-kontext-max",
        prompt: "p",
        image: [png, new Blob([png])],
        aspect_ratio: "5:4",
      });
      await gw.images.edit({ model: "gpt-image-1", prompt: "p", image: png, mask: png, size: "auto" });
      expectTypeOf(edited.data[0]!.b64_json).toEqualTypeOf<string | undefined>();
    }
    void calls;
  });

  it("refuses misspelled fields and wrong types", () => {
    function calls() {
      // @ts-expect-error: misspelled required field
      gw.images.edit({ model: "flux-kontext-pro", promt: "p" });
      // @ts-expect-error: image is a file (or files), not a number
      gw.images.edit({ model: "flux-kontext-pro", prompt: "p", image: 42 });
      // @ts-expect-error: response_format is url or b64_json
      gw.images.edit({ model: "flux-kontext-pro", prompt: "p", response_format: "jpeg" });
    }
    void calls;
  });

  it("declares the same fields as the schema (both ways)", () => {
    expectTypeOf<ImageEditParams>().toExtend<Declared<Input<typeof imageEditParams>>>();
    // The schema's `image` is a custom check over Uploadable | Uploadable[]: compare the rest.
    expectTypeOf<Omit<Declared<Input<typeof imageEditParams>>, "image" | "mask">>().toExtend<
      Omit<ImageEditParams, "image" | "mask">
    >();
    // The edit fields the spec leaves open.
    expectTypeOf<
      SameKeys<ImageEditParams, Declared<Input<typeof imageEditParams>>, "response_format" | "n">
    >().toEqualTypeOf<Agree>();
  });
});
