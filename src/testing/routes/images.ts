/**
 * /v1/images/generations and /v1/images/edits. Each family's rules are the gateway's own (answered
 * as 221306 parameter errors); result URLs point at /files/, where the image can be downloaded.
 * Model ids: family A imgA-base|dev|pro, family B imgB-standard|seasonal, nano-banana*, editing
 * imgedit-pro|max; an id of a known family with another tier is model_not_found (503, as new-api
 * answers when no channel serves a model); any other id is served with the generic rules.
 */
import { imageDimensions, sniffMime } from "../../core/sniff.js";
import { bytesToBase64 } from "../../core/uploads.js";
import type { MockContext, Route } from "../context.js";
import { json } from "../http.js";
import { pngImage } from "../media/png.js";
import { fileURL } from "./files.js";

const FAMILY_A = ["imgA-base", "imgA-dev", "imgA-pro"];
const FAMILY_B = ["imgB-standard", "imgB-seasonal"];
const EDIT_MODELS = ["imgedit-pro", "imgedit-max"];
const GENERIC_SIZES = ["256x256", "512x512", "1024x1024"];
const FAMILY_SIZES = [
  ...["1024x512", "1024x1024", "1024x576", "1024x768", "512x1024", "512x768"],
  ...["1280x960", "960x1280", "768x1366", "768x512", "1366x768", "1344x576"],
];
const ASPECT_RATIOS = ["21:9", "16:9", "4:3", "3:2", "1:1", "2:3", "3:4", "9:16", "9:21"];
const EDIT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"];

interface Problem {
  message: string;
  param: string;
  status?: number;
  code?: string;
}

interface Size {
  width: number;
  height: number;
}

const isCount = (n: unknown): boolean => typeof n === "number" && Number.isInteger(n) && n >= 1 && n <= 10;

function parseSize(size: string): Size {
  const [width, height] = size.split("x").map(Number);
  return { width: width!, height: height! };
}

/** 1024 on the long side, the other side from the ratio. */
function sizeForRatio(ratio: string): Size {
  const [w, h] = ratio.split(":").map(Number) as [number, number];
  return w >= h
    ? { width: 1024, height: Math.round((1024 * h) / w) }
    : { width: Math.round((1024 * w) / h), height: 1024 };
}

/** The listed ratio closest to width/height: how the gateway converts an edit's `size`. */
function nearestRatio({ width, height }: Size): string {
  const target = Math.log(width / height);
  let best = "1:1";
  for (const ratio of ASPECT_RATIOS) {
    const [w, h] = ratio.split(":").map(Number) as [number, number];
    const [bw, bh] = best.split(":").map(Number) as [number, number];
    if (Math.abs(Math.log(w / h) - target) < Math.abs(Math.log(bw / bh) - target)) best = ratio;
  }
  return best;
}

function familyOf(model: string): "imgA" | "imgB" | "nano-banana" | "generic" {
  const id = model.toLowerCase();
  if (id.startsWith("imga-")) return "imgA";
  if (id.startsWith("imgb-")) return "imgB";
  if (id.startsWith("nano-banana")) return "nano-banana";
  return "generic";
}

function notFound(model: string): Problem {
  return {
    status: 503,
    code: "model_not_found",
    param: "model",
    message: `No available channel for model ${model}`,
  };
}

function checkGeneration(b: Record<string, unknown>): Problem | undefined {
  if (typeof b.prompt !== "string" || b.prompt === "")
    return { message: "prompt is required", param: "prompt" };
  const model = typeof b.model === "string" ? b.model : undefined;
  const family = model === undefined ? "generic" : familyOf(model);
  if (b.response_format !== undefined && b.response_format !== "url" && b.response_format !== "b64_json") {
    return { message: "response_format must be url or b64_json", param: "response_format" };
  }
  if (family === "generic") {
    if (b.prompt.length > 1000) return { message: "prompt must be at most 1000 characters", param: "prompt" };
    if (b.n !== undefined && !isCount(b.n))
      return { message: "n must be an integer from 1 to 10", param: "n" };
    if (b.size !== undefined && !GENERIC_SIZES.includes(b.size as string)) {
      return { message: `size must be one of ${GENERIC_SIZES.join(", ")}`, param: "size" };
    }
    return undefined;
  }
  if (family === "imgA" && !FAMILY_A.includes(model!)) return notFound(model!);
  if (family === "imgB" && !FAMILY_B.includes(model!)) return notFound(model!);
  if (family !== "nano-banana" && b.size !== undefined && !FAMILY_SIZES.includes(b.size as string)) {
    return { message: `size must be one of ${FAMILY_SIZES.join(", ")}`, param: "size" };
  }
  if (b.n !== undefined && !isCount(b.n)) return { message: "n must be an integer from 1 to 10", param: "n" };
  return undefined;
}

function generationSize(b: Record<string, unknown>): Size {
  if (typeof b.size === "string" && /^\d+x\d+$/.test(b.size)) return parseSize(b.size);
  if (typeof b.aspect_ratio === "string" && ASPECT_RATIOS.includes(b.aspect_ratio)) {
    return sizeForRatio(b.aspect_ratio);
  }
  return { width: 1024, height: 1024 };
}

/** `{ created, data }` with `count` images: URLs under /files/, or base64 when asked. */
function results(context: MockContext, count: number, size: Size, format: unknown): Response {
  const id = context.state.nextId("img-");
  const data = Array.from({ length: count }, (_, index) => {
    const name = `${id}-${index}-${size.width}x${size.height}.png`;
    if (format === "b64_json") {
      return { b64_json: bytesToBase64(pngImage(size.width, size.height, index)) };
    }
    return { url: fileURL(context.url.origin, name) };
  });
  return json({ created: Math.floor(Date.now() / 1000), data });
}

async function checkEditImages(files: FormDataEntryValue[]): Promise<{ problem?: Problem; first?: Size }> {
  let first: Size | undefined;
  for (const [index, file] of files.entries()) {
    const param = files.length > 1 ? `image[${index}]` : "image";
    if (typeof file === "string") return { problem: { message: `${param} must be a file`, param } };
    const head = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
    const type = sniffMime(head);
    if (!type || !EDIT_IMAGE_TYPES.includes(type)) {
      return {
        problem: { message: `${param} (${file.name}) is not a PNG, JPEG or WEBP image`, param },
      };
    }
    first ??= imageDimensions(head);
  }
  return first ? { first } : {};
}

export const imageRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/v1\/images\/generations$/,
    handle(context) {
      const body = context.body;
      if (typeof body !== "object" || body === null || Array.isArray(body) || body instanceof FormData) {
        return context.fail({ status: 400, code: 221306, message: "Request body must be a JSON object" });
      }
      const b = body as Record<string, unknown>;
      const problem = checkGeneration(b);
      if (problem) {
        const { status = 400, code = 221306, ...rest } = problem;
        return context.fail({ status, code, type: "invalid_request_error", ...rest });
      }
      return results(context, typeof b.n === "number" ? b.n : 1, generationSize(b), b.response_format);
    },
  },
  {
    method: "POST",
    pattern: /^\/v1\/images\/edits$/,
    async handle(context) {
      const form = context.body;
      const fail = (problem: Problem) =>
        context.fail({ status: 400, code: 221306, type: "invalid_request_error", ...problem });
      if (!(form instanceof FormData)) {
        return fail({ message: "Content-Type must be multipart/form-data", param: "" });
      }
      const text = (name: string) => {
        const value = form.get(name);
        return typeof value === "string" ? value : undefined;
      };
      const prompt = text("prompt");
      if (!prompt) return fail({ message: "prompt is required", param: "prompt" });
      const model = text("model");
      if (!model || !EDIT_MODELS.includes(model)) {
        return fail({ message: `model must be one of ${EDIT_MODELS.join(", ")}`, param: "model" });
      }
      const aspect = text("aspect_ratio");
      if (aspect !== undefined && !ASPECT_RATIOS.includes(aspect)) {
        return fail({
          message: `aspect_ratio must be one of ${ASPECT_RATIOS.join(", ")}`,
          param: "aspect_ratio",
        });
      }
      const size = text("size");
      if (size !== undefined && !/^\d+x\d+$/.test(size)) {
        return fail({ message: "size must be <width>x<height>", param: "size" });
      }
      const n = text("n") === undefined ? 1 : Number(text("n"));
      if (!isCount(n)) return fail({ message: "n must be an integer from 1 to 10", param: "n" });
      const { problem, first } = await checkEditImages([...form.getAll("image"), ...form.getAll("image[]")]);
      if (problem) return fail(problem);
      // aspect_ratio wins over size; size becomes the nearest listed ratio; else the first image's.
      const ratio = aspect ?? (size ? nearestRatio(parseSize(size)) : first ? nearestRatio(first) : "1:1");
      return results(context, n, sizeForRatio(ratio), text("response_format"));
    },
  },
];
