/** Client-side checks before anything is sent: request params against zod/mini schemas, and client, request and wait options; a ValidationError lists every issue. */

export * from "./characters.js";
export * from "./money-options.js";
export * from "./options.js";
export * from "./schema-rules.js";
export * from "./validate.js";
