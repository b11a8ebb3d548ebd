/** Asynchronous jobs: the task registry and handles, waiting with backoff and batch coalescing, and reading a task record whatever its convention. */

export * from "./poll.js";
export * from "./query-paths.js";
export * from "./task-record.js";
export * from "./tasks.js";
