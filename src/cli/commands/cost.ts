/**
 * genway cost: what a call costs, by the gateway's prices (GET /api/pricing, as paid commands
 * estimate), or by the spec's table when no gateway is configured or it publishes none; the total
 * line names the table it used.
 */
import { estimateCost, PricingError } from "../../index.js";
import { InputError, number, text } from "../args.js";
import type { Command } from "../command.js";
import { type CliPrices, pricesOf, tableOf, unitOf } from "../confirm.js";
import { print, printJson } from "../output.js";

const COUNT = { minimum: 0 } as const;

export const cost: Command = {
  name: "cost",
  offline: true,
  pricesFrom: "gateway",
  summary: "estimate what a call costs, by the gateway's prices (the spec's table without a gateway)",
  usage:
    "genway cost (--model ID | --family ID) [--group NAME] [--prompt N --completion N --cache-hit N --cache-write N] [--requests N] [--images N] [--seconds N] [--characters N] [--size WxH] [--quality Q] [--resolution R]",
  options: {
    model: { type: "string" },
    family: { type: "string" },
    group: { type: "string" },
    prompt: { type: "string" },
    completion: { type: "string" },
    "cache-hit": { type: "string" },
    "cache-write": { type: "string" },
    requests: { type: "string" },
    images: { type: "string" },
    seconds: { type: "string" },
    characters: { type: "string" },
    size: { type: "string" },
    quality: { type: "string" },
    resolution: { type: "string" },
  },
  help: [
    "Prices are the gateway's own (GET /api/pricing) when a gateway is configured (--base-url and --api-key,",
    "or GENWAY_BASE_URL and GENWAY_API_KEY), else the spec's table; the total line names the one used.",
    "--family ID prices by a family of the spec's table. Token counts are tokens (not millions); every count is a number >= 0.",
    "The gateway scales some prices by the request, as these flags say it: --seconds of each video (a veo",
    "video without them is billed its default 8 s, sora 4 s), --resolution of a veo video (4k costs more),",
    "--size of an image or a video (dall-e 1792x1024, sora 1792x1024), --quality of an image (dall-e-3 hd).",
  ].join("\n"),
  async run(context) {
    const { values, stdout, json } = context;
    const model = text(values, "model");
    const family = text(values, "family");
    if (model === undefined && family === undefined)
      throw new InputError("missing --model or --family", { usage: true });
    const [prompt, completion, cacheHit, cacheWrite] = [
      "prompt",
      "completion",
      "cache-hit",
      "cache-write",
    ].map((name) => number(values, name, COUNT));
    const tokens = [prompt, completion, cacheHit, cacheWrite].some((n) => n !== undefined);
    const group = text(values, "group") ?? "default";
    const resolution = text(values, "resolution");
    const params = {
      ...(model !== undefined ? { model } : {}),
      ...(family !== undefined ? { family } : {}),
      group,
      usage: tokens
        ? {
            prompt: prompt ?? 0,
            completion: completion ?? 0,
            cacheHit: cacheHit ?? 0,
            cacheWrite: cacheWrite ?? 0,
          }
        : undefined,
      requests: number(values, "requests", COUNT),
      images: number(values, "images", COUNT),
      seconds: number(values, "seconds", COUNT),
      characters: number(values, "characters", COUNT),
      size: text(values, "size"),
      quality: text(values, "quality"),
      // Where a veo channel reads it (new-api's metadata.resolution): what `genway video --body` sends.
      metadata: resolution === undefined ? undefined : { resolution },
    };
    const prices = await pricesOf(context);
    const estimate = inFlags(() => estimateCost(params, prices.book), params, prices, text(values, "group"));
    if (json) return printJson(stdout, { ...estimate, prices: tableOf(estimate.source, prices) });
    for (const line of estimate.lines) {
      print(
        stdout,
        `${line.item.padEnd(12)} ${String(line.quantity).padStart(10)} x ${line.unitPrice} ${estimate.currency}/${line.unit} = ${line.amount} ${estimate.currency}${line.note ? ` (${line.note})` : ""}\n`,
      );
    }
    const what = estimate.family ?? estimate.model;
    const table = tableOf(estimate.source, prices);
    print(
      stdout,
      `total ${estimate.total} ${estimate.currency} (${what}, group ${estimate.group}; ${table})\n`,
    );
  },
};

/** The flags that give each billing unit's quantity. */
const QUANTITY_FLAGS: Record<string, string> = {
  token: "--prompt and --completion (tokens)",
  request: "--requests",
  image: "--images",
  second: "--seconds",
  character: "--characters",
};

/**
 * `estimate()`, with a PricingError told in this command's flags (which flag to fix or add) and
 * naming the table it priced by, not in estimateCost's option names: bad input, exit 2.
 */
function inFlags<T>(
  estimate: () => T,
  params: { model?: string; family?: string; group: string },
  prices: CliPrices,
  group: string | undefined,
): T {
  try {
    return estimate();
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    const { model, family } = params;
    const { table } = prices;
    switch (error.reason) {
      case "unknown_model":
        throw new InputError(
          prices.book?.ids().includes(model ?? "")
            ? `--model ${model}: ${error.message.replace(/\.$/, "")} (${table})`
            : `--model ${model}: ${table} gives no price for it; price it by a family of the spec's table with --family ID`,
        );
      case "unknown_family":
        throw new InputError(
          `--family ${family}: no such price family; one of ${error.available?.join(", ")}`,
        );
      case "unknown_group":
        throw new InputError(
          group === undefined
            ? `this family has no "default" price group: pass --group, one of ${error.available?.join(", ")}`
            : `--group ${group}: no such group here; one of ${error.available?.join(", ")}`,
        );
      case "missing_quantity": {
        const priced = unitOf(params, prices);
        const id = family ?? model;
        throw new InputError(
          priced === undefined
            ? error.message
            : `${id} is priced per ${priced.unit} (${priced.table}): pass ${QUANTITY_FLAGS[priced.unit]}`,
        );
      }
      default:
        throw new InputError(`${error.message.replace(/\.$/, "")} (${table})`);
    }
  }
}
