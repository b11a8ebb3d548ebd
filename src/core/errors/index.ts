/** The error tree, the gateway's code table, and the one decoder that turns every envelope into a typed error. */

export * from "./budget-exceeded.js";
export * from "./codes.js";
export * from "./decode-error.js";
export * from "./errors.js";
export * from "./pricing-error.js";
