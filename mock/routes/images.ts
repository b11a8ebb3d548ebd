/**
 * /v1/images/generations and /v1/images/edits, as a relay answers them: any model id is served.
 * Only the spec's own bounds are checked (answered as 221306 parameter errors): a prompt; the
 * generic variant's (no model) prompt length, n and sizes; the twelve sizes of the spec's family A
 * and B ids (imgA-*, imgB-*), with the numbers and lists of genway's `limits`. Result URLs point at
 * /files/, where the image can be downloaded.
 */
import { limits } from "../../src/index.js";

import type { MockContext, Route } from "../context.js";
import { json } from "../http.js";
import { base64, imageType, pixelSize } from "../media/inspect.js";
import { pngImage } from "../media/png.js";
import { fileURL } from "./files.js";

const { generic, family } = limits.images.generate;
const GENERIC_SIZES: readonly string[] = generic.size.oneOf;
const FAMILY_SIZES: readonly string[] = family.size.oneOf;
const ASPECT_RATIOS = ["21:9", "16:9", "4:3", "3:2", "1:1", "2:3", "3:4", "9:16", "9:21"];
const EDIT_IMAGE_TYPES = ["image/png", "image/jpeg", "image/webp"];

interface Problem {
  message: string;
  param: string;
}

interface Size {
  width: number;
  height: number;
}

const isCount = (n: unknown): boolean =>
  typeof n === "number" && Number.isInteger(n) && n >= generic.n.minimum && n <= generic.n.maximum;

function parseSize(size: string): Size {
  const [width, height] = size.split("x").map(Number);
  return { width: width!, height: height! };
}

/** A "W:H" ratio as numbers, or undefined when it is not one. */
function parseRatio(ratio: unknown): [number, number] | undefined {
  const match = typeof ratio === "string" ? /^(\d+):(\d+)$/.exec(ratio) : null;
  return match && Number(match[1]) > 0 && Number(match[2]) > 0
    ? [Number(match[1]), Number(match[2])]
    : undefined;
}

/** 1024 on the long side, the other side from the ratio. */
function sizeForRatio(ratio: string): Size {
  const [w, h] = parseRatio(ratio) ?? [1, 1];
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

/** The spec's family A and B ids (its placeholders; real ids behind them are the relay's business). */
const isFamilyAB = (model: string) => /^img[ab]-/i.test(model);

function checkGeneration(b: Record<string, unknown>): Problem | undefined {
  if (typeof b.prompt !== "string" || b.prompt === "")
    return { message: "prompt is required", param: "prompt" };
  if (b.model !== undefined && typeof b.model !== "string")
    return { message: "model must be a string", param: "model" };
  if (b.response_format !== undefined && b.response_format !== "url" && b.response_format !== "b64_json") {
    return { message: "response_format must be url or b64_json", param: "response_format" };
  }
  if (b.model === undefined) {
    // Characters as the spec counts them: code points.
    if ([...b.prompt].length > generic.prompt.maxLength)
      return { message: `prompt must be at most ${generic.prompt.maxLength} characters`, param: "prompt" };
    if (b.n !== undefined && !isCount(b.n))
      return {
        message: `n must be an integer from ${generic.n.minimum} to ${generic.n.maximum}`,
        param: "n",
      };
    if (b.size !== undefined && !GENERIC_SIZES.includes(b.size as string)) {
      return { message: `size must be one of ${GENERIC_SIZES.join(", ")}`, param: "size" };
    }
    return undefined;
  }
  if (isFamilyAB(b.model) && b.size !== undefined && !FAMILY_SIZES.includes(b.size as string)) {
    return { message: `size must be one of ${FAMILY_SIZES.join(", ")}`, param: "size" };
  }
  return undefined;
}

function generationSize(b: Record<string, unknown>): Size {
  if (typeof b.size === "string" && /^\d+x\d+$/.test(b.size)) return parseSize(b.size);
  if (parseRatio(b.aspect_ratio)) return sizeForRatio(b.aspect_ratio as string);
  return { width: 1024, height: 1024 };
}

/** `{ created, data }` with `count` images: URLs under /files/, or base64 when asked. */
function results(context: MockContext, count: number, size: Size, format: unknown): Response {
  const id = context.state.nextId("img-");
  const data = Array.from({ length: count }, (_, index) => {
    const name = `${id}-${index}-${size.width}x${size.height}.png`;
    if (format === "b64_json") {
      return { b64_json: base64(pngImage(size.width, size.height, index)) };
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
    const type = imageType(head);
    if (!type || !EDIT_IMAGE_TYPES.includes(type)) {
      return {
        problem: { message: `${param} (${file.name}) is not a PNG, JPEG or WEBP image`, param },
      };
    }
    first ??= pixelSize(head);
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
      if (problem)
        return context.fail({ status: 400, code: 221306, type: "invalid_request_error", ...problem });
      return results(context, isCount(b.n) ? (b.n as number) : 1, generationSize(b), b.response_format);
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
      if (!text("model")) return fail({ message: "model is required", param: "model" });
      const n = Number(text("n") ?? 1);
      const { problem, first } = await checkEditImages([...form.getAll("image"), ...form.getAll("image[]")]);
      if (problem) return fail(problem);
      // aspect_ratio wins over size; a WxH size becomes the nearest listed ratio; else the first
      // image's. Values the mock cannot read ("auto", "landscape") are the model's to interpret.
      const aspect = parseRatio(text("aspect_ratio")) ? text("aspect_ratio") : undefined;
      const size = text("size");
      const sized = size && /^\d+x\d+$/.test(size) ? parseSize(size) : first;
      const ratio = aspect ?? (sized ? nearestRatio(sized) : "1:1");
      return results(context, isCount(n) ? n : 1, sizeForRatio(ratio), text("response_format"));
    },
  },
];
