/**
 * The ground floor of core: what every room needs and none owns (redaction, logging, the
 * environment, request ids, Retry-After, isolated user callbacks, the idle clock, timer caps, a cap on work in flight, the gateway's root). It imports
 * no other room of core (lint: core-shared-is-the-ground-floor).
 */

export * from "./base-url.js";
export * from "./defaults.js";
export * from "./env.js";
export * from "./idle-clock.js";
export * from "./isolated.js";
export * from "./log.js";
export * from "./redact.js";
export * from "./request-id.js";
export * from "./retry-after.js";
export * from "./slots.js";
export * from "./timers.js";
