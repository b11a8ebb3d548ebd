/** The HTTP path: one transport (auth, headers, clocks, billing-safe retries), the connection lifecycle, request ids, the APIPromise, redaction and logging, and the one way ids go into paths. */

export * from "./api-promise.js";
export * from "./client-context.js";
export * from "./connection.js";
export * from "./fallback.js";
export * from "./json-body.js";
export * from "./middleware.js";
export * from "./operation.js";
export * from "./page.js";
export * from "./path.js";
export * from "./retry.js";
export * from "./transport.js";
