/** genway cost: the spec's price table applied to a usage, a count, seconds or characters. */
import { estimateCost } from "../../index.js";
import { InputError, number, text } from "../args.js";
import type { Command } from "../command.js";
import { printJson } from "../output.js";

const COUNT = { min: 0 } as const;

export const cost: Command = {
  name: "cost",
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
    const estimate = estimateCost({
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
    });
    if (json) return printJson(stdout, estimate);
    for (const line of estimate.lines) {
      stdout.write(
        `${line.item.padEnd(12)} ${String(line.quantity).padStart(10)} x ${line.unitPrice} CNY/${line.unit} = ${line.amount} CNY\n`,
      );
    }
    stdout.write(`total ${estimate.total} CNY (${estimate.family}, group ${estimate.group})\n`);
  },
};
