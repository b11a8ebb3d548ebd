/** genway video: a unified /v2/videos job (any model: vidA, vidB, veo3 ...), optionally awaited. */
import { billedFields } from "../../core/http/units.js";
import { findModelFamily, limits } from "../../index.js";
import { body, inputFile, number, required, text } from "../args.js";
import type { Command } from "../command.js";
import { confirmCost, MAX_COST } from "../confirm.js";
import { reportTask } from "../wait.js";

export const video: Command = {
  name: "video",
  summary: "submit a video job (any model id); --wait follows it to the end",
  usage:
    "genway video [--model ID] [--image URL|PATH ...] [--duration 5|10] [--seed N] [--ratio R] [--body JSON] [--group G] [--max-cost N] [--yes] [--wait] <prompt...>",
  options: {
    model: { type: "string", short: "m" },
    image: { type: "string", multiple: true },
    duration: { type: "string" },
    seed: { type: "string" },
    ratio: { type: "string" },
    body: { type: "string" },
    group: { type: "string" },
    yes: { type: "boolean", short: "y" },
    ...MAX_COST,
    wait: { type: "boolean", short: "w" },
  },
  help: [
    "Default model vidA-2.5. For vidA models --duration is 5 or 10 (default 5, sent as such) and --seed 0 to 2147483647;",
    "other models get any positive --duration. Images may be URLs, base64 or local files (read and encoded).",
    '--body adds any other field as JSON, e.g. \'{"resolution":"720p"}\'.',
  ].join("\n"),
  fields: {
    prompt: "<prompt>",
    model: "--model",
    images: "--image",
    duration: "--duration",
    seed: "--seed",
    ratio: "--ratio",
  },
  async run(context) {
    const { values, positionals, signal } = context;
    const prompt = required(positionals, "<prompt>");
    const model = text(values, "model") ?? "vidA-2.5";
    const vidA = findModelFamily(model) === "vidA";
    const duration = number(
      values,
      "duration",
      vidA ? limits.videos.vidA.duration : { integer: true, minimum: 1 },
    );
    const seed = number(values, "seed", limits.videos.vidA.seed);
    const extra = body(values);
    const paths = ((values.image as string[] | undefined) ?? []).filter((i) => !/^https?:|^data:/.test(i));
    for (const path of paths) await inputFile(path, "--image");
    // vidA's length is sent even when it is the spec's default (5 s).
    const sentDuration = duration ?? (vidA && extra.duration === undefined ? 5 : undefined);
    const sent = {
      model,
      prompt,
      ...(sentDuration !== undefined ? { duration: sentDuration } : {}),
      ...(seed !== undefined ? { seed } : {}),
      ...(values.ratio ? { ratio: values.ratio } : {}),
      ...extra,
    };
    // The estimate prices what is sent: the fields the relay scales a price by (a veo video's
    // seconds and resolution, given by --duration or in --body), as the call's own cost reads them.
    await confirmCost(context, { model, requests: 1, ...billedFields(sent) });
    const { fileFromPath } = await import("../../node/index.js");
    const images = await Promise.all(
      ((values.image as string[] | undefined) ?? []).map((image) =>
        /^https?:|^data:/.test(image) ? image : fileFromPath(image),
      ),
    );
    // --body has the last word, on the images too.
    const params = images.length ? { ...sent, images, ...extra } : sent;
    context.hold(); // released by reportTask once the task id is known
    const task = await context.client().videos.create(params as never, { signal });
    await reportTask(task, context, values.wait === true);
  },
};
