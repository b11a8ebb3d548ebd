/**
 * Runs before every test file: retries back off 100 times faster (5 ms, 10 ms ... instead of
 * 0.5 s, 1 s ...), so that a retry test waits on the retry, not on the clock. The delays still grow
 * and keep their jitter; Retry-After answers keep their own delay.
 */
import { backoff } from "../../src/core/http/retry.js";

backoff.baseMs = 5;
backoff.maxMs = 80;
