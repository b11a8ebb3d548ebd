/** genway cost: the spec's price table applied to a usage, a count, seconds or characters. */
import { estimateCost, getPriceFamily, PricingError, resolveModelFamily } from "../../index.js";
import { InputError, number, text } from "../args.js";
import type { Command } from "../command.js";
import { print, printJson } from "../output.js";

const COUNT = { minimum: 0 } as const;

export const cost: Command = {
  name: "cost",
  offline: true,
  summary: "estimate what a call costs (CNY) from the gateway's price table",
  usage:
    "genway cost (--model ID | --family ID) [--group NAME] [--prompt N --completion N --cache-hit N --cache-write N] [--requests N] [--images N] [--seconds N] [--characters N]",
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
  },
  help: "Token counts are tokens (not millions). Every count is a number >= 0.",
  async run({ values, stdout, json }) {
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
    const estimate = inFlags(
      () =>
        estimateCost({
          ...(model !== undefined ? { model } : {}),
          ...(family !== undefined ? { family } : {}),
          group: text(values, "group") ?? "default",
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
        }),
      { model, family, group: text(values, "group") },
    );
    if (json) return printJson(stdout, estimate);
    for (const line of estimate.lines) {
      print(
        stdout,
        `${line.item.padEnd(12)} ${String(line.quantity).padStart(10)} x ${line.unitPrice} CNY/${line.unit} = ${line.amount} CNY\n`,
      );
    }
    print(stdout, `total ${estimate.total} CNY (${estimate.family}, group ${estimate.group})\n`);
  },
};

/** The flags that give each billing unit's quantity. */
const QUANTITY_FLAGS = {
  token: "--prompt and --completion (tokens)",
  request: "--requests",
  image: "--images",
  second: "--seconds",
  character: "--characters",
} as const;

/**
 * `estimate()`, with a PricingError told in this command's flags (which flag to fix or add), not in
 * estimateCost's option names: bad input, exit 2.
 */
function inFlags<T>(
  estimate: () => T,
  flags: { model: string | undefined; family: string | undefined; group: string | undefined },
): T {
  try {
    return estimate();
  } catch (error) {
    if (!(error instanceof PricingError)) throw error;
    const { model, family, group } = flags;
    switch (error.reason) {
      case "unknown_model":
        throw new InputError(
          `--model ${model}: the price table places it in no family; price it by its family with --family ID`,
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
        const id = family ?? resolveModelFamily(model ?? "");
        const unit = getPriceFamily(id).unit;
        throw new InputError(`${id} is priced per ${unit}: pass ${QUANTITY_FLAGS[unit]}`);
      }
      default:
        throw new InputError(error.message);
    }
  }
}
