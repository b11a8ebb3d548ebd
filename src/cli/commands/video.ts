/** genway video: a unified /v2/videos job (any model: vidA, vidB, veo3 ...), optionally awaited. */
import type { Command } from "../command.js";
import { bodyFlag, reportTask } from "../wait.js";

export const video: Command = {
  name: "video",
  summary: "submit a video job (any model id); --wait follows it to the end",
  usage:
    "genway video [--model ID] [--image URL|PATH ...] [--duration 5|10] [--ratio R] [--body JSON] [--wait] <prompt...>",
  options: {
    model: { type: "string", short: "m" },
    image: { type: "string", multiple: true },
    duration: { type: "string" },
    ratio: { type: "string" },
    body: { type: "string" },
    wait: { type: "boolean", short: "w" },
  },
  help: "--ratio is vidA's field; other models take aspect_ratio through --body. Images may be URLs, base64 or local files (read and encoded). --body adds any other field.",
  async run(context) {
    const { values, positionals, signal } = context;
    const { fileFromPath } = await import("../../node/index.js");
    const images = await Promise.all(
      ((values.image as string[] | undefined) ?? []).map((image) =>
        /^https?:|^data:/.test(image) ? image : fileFromPath(image),
      ),
    );
    const params = {
      model: (values.model as string | undefined) ?? "vidA-2.5",
      prompt: positionals.join(" "),
      ...(images.length ? { images } : {}),
      ...(values.duration ? { duration: Number(values.duration) } : {}),
      ...(values.ratio ? { ratio: values.ratio } : {}),
      ...bodyFlag(values),
    };
    const task = await context.client().videos.create(params as never, { signal });
    await reportTask(task, context, values.wait === true);
  },
};
