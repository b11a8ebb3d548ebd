// Browser bundle sizes per entry, as a browser app gets them: esbuild, platform browser, minified,
// every dependency bundled, gzip level 9. Measured on the built dist/ through the package's own
// exports, so each entry is what a user's bundler resolves.

import { mkdir, writeFile } from "node:fs/promises";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

const ROOT = new URL("..", import.meta.url).pathname;

const NODE = ["node:*", ...builtinModules];

/** The bundles measured: label -> source of the app's entry (and what it leaves external). */
export const BUNDLES = [
  {
    label: "genway: full client, chat touched",
    source: `import Genway from "genway";
export const ask = (apiKey) => new Genway({ apiKey }).chat.completions.create({ model: "m", messages: [] });`,
  },
  {
    label: 'genway "./chat": ChatClient, one call',
    source: `import ChatClient from "genway/chat";
export const go = (apiKey) => new ChatClient({ apiKey }).chat.completions.create({ model: "m", messages: [] });`,
  },
  {
    // Structured output and tools: the code comes with the helper imported (zod's converter included).
    label: 'genway "./chat": chat.completions.parse + zodResponseFormat',
    source: `import ChatClient, { zodResponseFormat } from "genway/chat";
import * as z from "zod/mini";
export const go = (apiKey) => new ChatClient({ apiKey }).chat.completions.parse({ model: "m", messages: [],
  response_format: zodResponseFormat(z.object({ a: z.string() }), "a") });`,
  },
  {
    label: 'genway "./chat": messages.parse + zodSchema',
    source: `import ChatClient, { zodSchema } from "genway/chat";
import * as z from "zod/mini";
export const go = (apiKey) => new ChatClient({ apiKey }).messages.parse({ model: "m", max_tokens: 1, messages: [],
  schema: zodSchema(z.object({ a: z.string() })) });`,
  },
  {
    label: 'genway "./chat": chat.completions.runTools + defineTool',
    source: `import ChatClient, { defineTool } from "genway/chat";
import * as z from "zod/mini";
const echo = defineTool({ name: "echo", parameters: z.object({ a: z.string() }), run: ({ a }) => a });
export const go = (apiKey) => new ChatClient({ apiKey }).chat.completions.runTools({ model: "m", messages: [], tools: [echo] });`,
  },
  {
    label: 'genway "./chat-completions": ChatCompletionsClient, one call',
    source: `import ChatCompletionsClient from "genway/chat-completions";
export const go = (apiKey) => new ChatCompletionsClient({ apiKey }).chat.completions.create({ model: "m", messages: [] });`,
  },
  {
    label: 'genway "./messages": MessagesClient, one call',
    source: `import MessagesClient from "genway/messages";
export const go = (apiKey) => new MessagesClient({ apiKey }).messages.create({ model: "m", max_tokens: 1, messages: [] });`,
  },
  {
    label: 'genway "./responses": ResponsesClient, one call',
    source: `import ResponsesClient from "genway/responses";
export const go = (apiKey) => new ResponsesClient({ apiKey }).responses.create({ model: "m", input: "i" });`,
  },
  {
    label: 'genway "./native": NativeClient, one call',
    source: `import NativeClient from "genway/native";
export const go = (apiKey) => new NativeClient({ apiKey }).native.generateContent({ model: "m", contents: [] });`,
  },
  {
    label: 'genway "./images": ImagesClient, one call',
    source: `import ImagesClient from "genway/images";
export const go = (apiKey) => new ImagesClient({ apiKey }).images.generate({ model: "m", prompt: "p" });`,
  },
  {
    label: 'genway "./audio": AudioClient, one call',
    source: `import AudioClient from "genway/audio";
export const go = (apiKey) => new AudioClient({ apiKey }).audio.speech.create({ model: "m", input: "i", voice: "v" });`,
  },
  {
    label: 'genway "./videos": VideosClient, one call',
    source: `import VideosClient from "genway/videos";
export const go = (apiKey) => new VideosClient({ apiKey }).videos.retrieve("id");`,
  },
  {
    label: 'genway "./vidgen": VidgenClient, one call',
    source: `import VidgenClient from "genway/vidgen";
export const go = (apiKey) => new VidgenClient({ apiKey });`,
  },
  {
    label: 'genway "./musicgen": MusicgenClient, one call',
    source: `import MusicgenClient from "genway/musicgen";
export const go = (apiKey) => new MusicgenClient({ apiKey });`,
  },
  { label: 'genway "." (import *)', source: `import * as m from "genway"; export default m;` },
  {
    // listen() dynamic-imports a Node server: its built-ins stay external (a browser never calls it).
    label: 'genway "./testing" (import *, Node built-ins external)',
    source: `import * as m from "genway/testing"; export default m;`,
    external: NODE,
  },
  {
    label: 'genway "./testing/msw" (import *, msw external)',
    source: `import * as m from "genway/testing/msw"; export default m;`,
    external: ["msw", "msw/*", ...NODE],
  },
  {
    label: 'genway "./node" (import *, Node built-ins external)',
    source: `import * as m from "genway/node"; export default m;`,
    external: NODE,
  },
  {
    label: "openai: chat only",
    source: `import OpenAI from "openai";
export const ask = (apiKey) => new OpenAI({ apiKey, dangerouslyAllowBrowser: true }).chat.completions.create({ model: "m", messages: [] });`,
  },
  {
    label: "@anthropic-ai/sdk: messages only",
    source: `import Anthropic from "@anthropic-ai/sdk";
export const ask = (apiKey) => new Anthropic({ apiKey, dangerouslyAllowBrowser: true }).messages.create({ model: "m", max_tokens: 1, messages: [] });`,
  },
];

/**
 * { label, min, gzip, initial, lazy } in bytes, for every bundle. `min` and `gzip` are the whole
 * bundle with every dynamic import inlined (what size-limit measures: the most an app can load).
 * `initial` and `lazy` split it as a code-splitting bundler does (Vite, Rollup, webpack): `initial`
 * is gzip of the entry and its static imports, what the page loads before its first call; `lazy`
 * is gzip of the chunks behind a dynamic import (money: the price table, metering, budgets), loaded
 * only when a client first asks for a cost (docs/packaging.md).
 */
export async function measureBundles() {
  const out = [];
  const sources = join(ROOT, ".tmp/bundle-sources");
  await mkdir(sources, { recursive: true });
  for (const [index, { label, source, external = [] }] of BUNDLES.entries()) {
    const common = {
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      external,
      write: false,
      logLevel: "silent",
    };
    const whole = await build({ ...common, stdin: { contents: source, resolveDir: ROOT, loader: "js" } });
    const code = whole.outputFiles[0].contents;
    // Inside the package, so that "genway" resolves to its own exports (a package's self-reference).
    const entry = join(sources, `${index}.mjs`);
    await writeFile(entry, source);
    const split = await build({
      ...common,
      entryPoints: [entry],
      splitting: true,
      outdir: "/out",
      metafile: true,
    });
    const initial = initialOutputs(split.metafile);
    let initialGzip = 0;
    let lazyGzip = 0;
    for (const file of split.outputFiles) {
      const size = gzipSync(file.contents, { level: 9 }).length;
      if (initial.has(relative(ROOT, file.path))) initialGzip += size;
      else lazyGzip += size;
    }
    out.push({
      label,
      min: code.length,
      gzip: gzipSync(code, { level: 9 }).length,
      initial: initialGzip,
      lazy: lazyGzip,
    });
  }
  return out;
}

/** The entry's output and every chunk reached from it by static imports (not dynamic ones). */
function initialOutputs(metafile) {
  const outputs = metafile.outputs;
  const entry = Object.keys(outputs).find((name) => outputs[name].entryPoint);
  const seen = new Set();
  const visit = (name) => {
    if (seen.has(name)) return;
    seen.add(name);
    for (const next of outputs[name].imports)
      if (next.kind === "import-statement" && outputs[next.path]) visit(next.path);
  };
  visit(entry);
  return seen;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const b of await measureBundles())
    console.log(
      b.label.padEnd(52),
      `${(b.min / 1000).toFixed(1)} kB min, ${(b.gzip / 1000).toFixed(1)} kB gz;`,
      `split: ${(b.initial / 1000).toFixed(1)} kB gz initial + ${(b.lazy / 1000).toFixed(1)} kB gz lazy`,
    );
}
