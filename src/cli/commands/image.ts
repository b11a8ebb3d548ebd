/** genway image: generate images and save them to files (downloaded without the key). */
import { join } from "node:path";
import { saveToFile } from "../../node/index.js";
import type { Command } from "../command.js";
import { printJson } from "../output.js";

export const image: Command = {
  name: "image",
  summary: "generate images and save them to files",
  usage: "genway image [--model ID] [--size WxH] [--n N] [--out DIR] <prompt...>",
  options: {
    model: { type: "string", short: "m" },
    size: { type: "string" },
    n: { type: "string" },
    out: { type: "string", short: "o" },
  },
  async run({ values, positionals, signal, client, json, stdout }) {
    const gw = client();
    const result = await gw.images.generate(
      {
        prompt: positionals.join(" "),
        ...(values.model ? { model: values.model as string } : {}),
        ...(values.size ? { size: values.size } : {}),
        ...(values.n ? { n: Number(values.n) } : {}),
      } as never,
      { signal },
    );
    const dir = (values.out as string | undefined) ?? ".";
    const saved: string[] = [];
    for (const [index, item] of result.data.entries()) {
      const path = join(dir, `image-${result.created}-${index + 1}.png`);
      await saveToFile(await gw.images.download(item, { signal }), path);
      saved.push(path);
    }
    if (json) return printJson(stdout, { ...result, files: saved });
    for (const path of saved) stdout.write(`${path}\n`);
  },
};
