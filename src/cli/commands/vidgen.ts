/** genway vidgen <operation>: any of the nine vidgen submissions, optionally awaited. */
import type { Command } from "../command.js";
import { bodyFlag, reportTask } from "../wait.js";

/** CLI operation names (the spec's path segments) -> namespace and method of gw.vidgen. */
const OPERATIONS = {
  "images-generate": ["images", "generate"],
  expand: ["images", "expand"],
  "multi-image2image": ["images", "multiImageToImage"],
  text2video: ["videos", "textToVideo"],
  image2video: ["videos", "imageToVideo"],
  "multi-image2video": ["videos", "multiImageToVideo"],
  "video-extend": ["videos", "extend"],
  "text-to-audio": ["audio", "textToAudio"],
  "video-to-audio": ["audio", "videoToAudio"],
} as const;

export const vidgen: Command = {
  name: "vidgen",
  summary: "submit a vidgen task (images, videos, audio); --wait follows it to the end",
  usage: `genway vidgen <${Object.keys(OPERATIONS).join("|")}> [--prompt TEXT] [--image URL|PATH] [--body JSON] [--wait]`,
  options: {
    prompt: { type: "string", short: "p" },
    image: { type: "string" },
    body: { type: "string" },
    wait: { type: "boolean", short: "w" },
  },
  help: '--body takes the operation\'s other fields as JSON, e.g. \'{"duration":"5","mode":"std"}\'.',
  async run(context) {
    const { values, positionals, signal } = context;
    const name = positionals[0] as keyof typeof OPERATIONS | undefined;
    const target = name ? OPERATIONS[name] : undefined;
    if (!target) throw new Error(`choose an operation: ${Object.keys(OPERATIONS).join(", ")}`);
    let image: unknown = values.image;
    if (typeof image === "string" && !/^https?:|^data:/.test(image)) {
      const { fileFromPath } = await import("../../node/index.js");
      image = await fileFromPath(image);
    }
    const params = {
      ...(values.prompt ? { prompt: values.prompt } : {}),
      ...(image ? { image } : {}),
      ...bodyFlag(values),
    };
    const [space, method] = target;
    const namespace = context.client().vidgen[space] as unknown as Record<
      string,
      (p: unknown, o: unknown) => Promise<Parameters<typeof reportTask>[0]>
    >;
    const task = await namespace[method]!.call(namespace, params, { signal });
    await reportTask(task, context, values.wait === true);
  },
};
