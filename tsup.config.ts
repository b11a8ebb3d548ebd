import { defineConfig } from "tsup";

/** The library's entries: each exports subpath of package.json, named as its file in dist/. */
const library = {
  index: "src/index.ts",
  chat: "src/families/chat.ts",
  images: "src/families/images.ts",
  audio: "src/families/audio.ts",
  videos: "src/families/videos.ts",
  vidgen: "src/families/vidgen.ts",
  musicgen: "src/families/musicgen.ts",
  "testing/index": "src/testing/index.ts",
  "testing/msw": "src/testing/msw.ts",
  "node/index": "src/node/index.ts",
};

export default defineConfig({
  // The library plus the bin, which needs no types.
  entry: { ...library, "cli/main": "src/cli/main.ts" },
  format: ["esm"],
  target: "es2022",
  platform: "neutral",
  // Named as the JS entries, so every exports subpath finds its .d.ts next to its .js.
  dts: { entry: library },
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  external: ["eventsource-parser", "zod", "msw", /^node:/],
});
