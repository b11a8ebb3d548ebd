/** The HTTP path: one transport (auth, headers, clocks, billing-safe retries), the connection lifecycle, the APIPromise, the seam with money, and the one way ids go into paths. */

export { neverSent } from "../errors/never-sent.js";
export * from "./api-promise.js";
export type * from "./billing.js";
export * from "./client-context.js";
export * from "./connection.js";
export * from "./cost.js";
export { streamUnits } from "./delivered.js";
export * from "./fallback.js";
export * from "./json-body.js";
export * from "./ledger.js";
export * from "./middleware.js";
export { certainlyNotBilled } from "./not-billed.js";
export * from "./operation.js";
export * from "./page.js";
export * from "./path.js";
export { isForm, jsonText } from "./request-init.js";
export * from "./request-options.js";
export * from "./retry.js";
export * from "./transport.js";
export { billedFields, meteredParams, readUnits, unitsOf } from "./units.js";
export * from "./usage.js";
