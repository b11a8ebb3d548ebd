/**
 * zod's JSON Schema converter, loaded on first use: `messages.parse` and `native.parse` take a schema
 * directly, and a bundle that never calls them should not carry the converter (about 7 KB gzipped).
 * With a splitting bundler it becomes its own chunk.
 */
export const loadJsonSchema = () => import("./json-schema.js");
