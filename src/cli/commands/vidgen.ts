/** genway vidgen <operation>: any of the nine vidgen submissions, optionally awaited. */
import { body, InputError, inputFile, text } from "../args.js";
import type { Command } from "../command.js";
import { confirmCost, MAX_COST } from "../confirm.js";
import { reportTask } from "../wait.js";

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
type Operation = keyof typeof OPERATIONS;

/** The spec's required prompt and image, which have flags of their own (other fields come from --body). */
const NEEDS: Partial<Record<Operation, Array<"prompt" | "image">>> = {
  "images-generate": ["prompt"],
  expand: ["image"],
  text2video: ["prompt"],
  image2video: ["image"],
  "multi-image2video": ["prompt"],
  "video-extend": ["prompt"],
  "text-to-audio": ["prompt"],
};

export const vidgen: Command = {
  name: "vidgen",
  summary: "submit a vidgen task (images, videos, audio); --wait follows it to the end",
  usage: `genway vidgen <${Object.keys(OPERATIONS).join("|")}> [--prompt TEXT] [--image URL|PATH] [--body JSON] [--group G] [--max-cost N] [--yes] [--wait]`,
  options: {
    prompt: { type: "string", short: "p" },
    image: { type: "string" },
    body: { type: "string" },
    group: { type: "string" },
    yes: { type: "boolean", short: "y" },
    ...MAX_COST,
    wait: { type: "boolean", short: "w" },
  },
  help: [
    '--body takes the operation\'s other fields as JSON, e.g. \'{"duration":"5","mode":"std"}\'.',
    "The gateway reports no percentage for vidgen tasks: --wait shows a moving bar, status and elapsed time.",
  ].join("\n"),
  fields: { prompt: "--prompt", image: "--image" },
  async run(context) {
    const { values, positionals, signal } = context;
    const name = positionals[0] as Operation | undefined;
    if (!name) throw new InputError("missing <operation>", { usage: true });
    const target = OPERATIONS[name];
    if (!target || !Object.hasOwn(OPERATIONS, name))
      throw new InputError(
        `unknown operation "${name}": choose one of ${Object.keys(OPERATIONS).join(", ")}`,
        {
          usage: true,
        },
      );
    const extra = body(values);
    for (const field of NEEDS[name] ?? []) {
      if (!text(values, field) && extra[field] === undefined)
        throw new InputError(`${name} needs --${field}`, { usage: true });
    }
    let image: unknown = values.image;
    if (typeof image === "string" && !/^https?:|^data:/.test(image)) {
      await inputFile(image, "--image");
      const { fileFromPath } = await import("../../node/index.js");
      image = await fileFromPath(image);
    }
    await confirmCost(context, { family: "vidgen", requests: 1 });
    const params = {
      ...(values.prompt ? { prompt: values.prompt } : {}),
      ...(image ? { image } : {}),
      ...extra,
    };
    const [space, method] = target;
    const namespace = context.client().vidgen[space] as unknown as Record<
      string,
      (p: unknown, o: unknown) => Promise<Parameters<typeof reportTask>[0]>
    >;
    context.hold(); // released by reportTask once the task id is known
    const task = await namespace[method]!.call(namespace, params, { signal });
    await reportTask(task, context, values.wait === true);
  },
};
