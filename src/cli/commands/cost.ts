/** genway cost: the spec's price table applied to a usage, a count, seconds or characters. */
import { estimateCost } from "../../index.js";
import type { Command } from "../command.js";
import { printJson } from "../output.js";

const num = (value: unknown) => (value === undefined ? undefined : Number(value));

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
  async run({ values, stdout, json }) {
    const tokens = values.prompt !== undefined || values.completion !== undefined;
    const estimate = estimateCost({
      model: values.model as string | undefined,
      family: values.family as string | undefined,
      group: (values.group as string | undefined) ?? "default",
      usage: tokens
        ? {
            prompt: num(values.prompt) ?? 0,
            completion: num(values.completion) ?? 0,
            cacheHit: num(values["cache-hit"]) ?? 0,
            cacheWrite: num(values["cache-write"]) ?? 0,
          }
        : undefined,
      requests: num(values.requests),
      images: num(values.images),
      seconds: num(values.seconds),
      characters: num(values.characters),
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
