import type { Options } from "tsup";

// No tsup import at run time (a type only): vitest.config.ts reads the entries from here cheaply.
export default {
  entry: {
    index: "src/index.ts",
    chat: "src/entries/chat.ts",
    images: "src/entries/images.ts",
    audio: "src/entries/audio.ts",
    videos: "src/entries/videos.ts",
    vidgen: "src/entries/vidgen.ts",
    musicgen: "src/entries/musicgen.ts",
    "testing/index": "mock/index.ts",
    "testing/msw": "mock/msw.ts",
    "node/index": "src/node/index.ts",
    queue: "src/queue/index.ts",
    "otel/index": "src/otel/index.ts",
    "cli/main": "src/cli/main.ts",
  },
  format: ["esm"],
  target: "es2022",
  platform: "neutral",
  // Named as the JS entries, so every exports subpath finds its .d.ts next to its .js.
  dts: {
    entry: {
      index: "src/index.ts",
      chat: "src/entries/chat.ts",
      images: "src/entries/images.ts",
      audio: "src/entries/audio.ts",
      videos: "src/entries/videos.ts",
      vidgen: "src/entries/vidgen.ts",
      musicgen: "src/entries/musicgen.ts",
      "testing/index": "mock/index.ts",
      "testing/msw": "mock/msw.ts",
      "node/index": "src/node/index.ts",
      queue: "src/queue/index.ts",
      "otel/index": "src/otel/index.ts",
    },
  },
  sourcemap: true,
  clean: true,
  splitting: true,
  treeshake: true,
  external: ["zod", "msw", "bullmq", "@opentelemetry/api", /^node:/],
} satisfies Options;
