/**
 * No timers, sockets or listeners left behind: a child Node process runs calls that end in every way
 * (abort, break, errors, each clock, a refused connection) against the mock on loopback, closes the
 * server, and must then exit by itself, quickly. A leaked 600 s response timer or 120 s idle timer
 * would keep it alive far past the limit.
 */
import { describe, expect, it } from "vitest";
import { bundled } from "../support/bundle.js";
import { runNode } from "../support/child.js";

/** The child's program, bundled from this run's sources (tests/support/bundle.ts). */
const [CHILD] = await bundled("tests/core/fixtures/no-leaks-child.ts");

// Belt and braces: the child has its own 8 s alarm; never let a hung child outlive the test.
const runChild = () => runNode([CHILD!], 15_000);

describe("nothing is left running after aborts, errors and timeouts", () => {
  it("the child process exits on its own within a few seconds, every call typed", async () => {
    const { code, stdout, stderr, ms } = await runChild();
    expect(stderr, stderr).toBe("");
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);
    const { outcomes } = JSON.parse(stdout.trim().split("\n").at(-1)!);
    expect(outcomes).toEqual({
      completion: "ok",
      stream: "ok",
      "stream-abort": "APIUserAbortError",
      "stream-break": "APIUserAbortError",
      "stream-tee-cancel": "ok",
      "http-500": "InternalServerError",
      "stream-error-event": "InternalServerError",
      "retries-then-fail": "ServiceUnavailableError",
      "abort-during-retry-wait": "APIUserAbortError",
      "response-timeout": "APITimeoutError",
      "idle-timeout": "APITimeoutError",
      "reset-mid-stream": "APIConnectionError",
      "malformed-json": "MalformedResponseError",
      "signal-never-fired": "ok",
      "unread-stream": "ok",
      "connection-refused": "APIConnectionError",
    });
  }, 20_000);
});
