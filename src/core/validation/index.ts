/** Client-side checks before anything is sent: request params against their schemas (declared as data, read by one interpreter), and client, request and wait options; a ValidationError lists every issue. */

export * from "./characters.js";
export { isObject, mustBeAtMost, mustBeOneOf } from "./check.js";
export * from "./frozen.js";
export * from "./money-options.js";
export * from "./options.js";
export type { Finding, Input, Schema } from "./schema.js";
export * as v from "./schema.js";
export * from "./schema-rules.js";
export * from "./validate.js";
