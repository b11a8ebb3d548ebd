/** Test support: the loopback harness, server-less clients (the fault server), and the upstream captures. */
export * from "./fixtures.js";
export * from "./http-server.js";
export * from "./loopback.js";
export * from "./models.js";
export * from "./stub.js";
