/** The queue's crash run at its full size (tests/queue/crash-run.ts): 300 mixed jobs through kill -9. */
import { describe, it } from "vitest";
import { useCluster } from "./cluster.js";
import { crashRun } from "./crash-run.js";

const cluster = useCluster();

describe("workers in three processes", () => {
  it(
    "complete 300 mixed jobs through kill -9 mid-submission and mid-wait, paying each job once",
    () => crashRun(cluster, 300),
    150_000,
  );
});
