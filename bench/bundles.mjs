// Browser bundle sizes per entry, as a browser app gets them: esbuild, platform browser, minified,
// every dependency bundled, gzip level 9. Measured on the built dist/ through the package's own
// exports, so each entry is what a user's bundler resolves.
import { builtinModules } from "node:module";
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

/** { label, min, gzip } in bytes, for every bundle. */
export async function measureBundles() {
  const out = [];
  for (const { label, source, external = [] } of BUNDLES) {
    const result = await build({
      stdin: { contents: source, resolveDir: ROOT, loader: "js" },
      bundle: true,
      minify: true,
      format: "esm",
      platform: "browser",
      external,
      write: false,
      logLevel: "silent",
    });
    const code = result.outputFiles[0].contents;
    out.push({ label, min: code.length, gzip: gzipSync(code, { level: 9 }).length });
  }
  return out;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const b of await measureBundles())
    console.log(b.label.padEnd(52), (b.min / 1000).toFixed(1), "kB", (b.gzip / 1000).toFixed(1), "kB gz");
}
