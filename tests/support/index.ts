/** Test support: the loopback harness, server-less clients (the fault server), the upstream captures, and the assembler tests' replays. */

export * from "./assembly.js";
export * from "./fixtures.js";
export * from "./http-server.js";
export * from "./loopback.js";
export * from "./models.js";
export * from "./stub.js";
