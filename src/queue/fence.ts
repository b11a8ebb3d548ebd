/**
 * What a worker writes into Redis around a paid submission, each write one Lua script (atomic):
 *
 * - `claim`: the job's `submitting` marker, written only while this worker still holds the job's
 *   lock (its token), no task is recorded, and the submission it read is the one stored; it also
 *   renews the lock and answers the queue-wide pause. A worker paused past its lock (SIGSTOP, a VM
 *   pause, a partition) holds stale copies of jobs another worker took over: their claims fail, and
 *   nothing is sent.
 * - `settle`: the job's data after its submission, written only for that submission (its id) and
 *   never over a recorded task. Not tied to the lock: a handle that comes back after the lock was
 *   lost is still recorded (the job's next worker then waits on it instead of failing it).
 * - `pause`: the queue-wide pause of submissions after an uncertain answer or a rate limit, with
 *   a doubling backoff and one probe submission once it ends (queue-wide: every worker's claims
 *   read it).
 * - the queue's namespace for vidgen external ids: one random id per queue, kept in Redis.
 */
import type { Worker } from "bullmq";
import type { GenerationJob, GenerationJobData } from "./queue.js";

const CLAIM = `
if redis.call("GET", KEYS[2]) ~= ARGV[1] then return {-1, 0} end
local paused = redis.call("PTTL", KEYS[3])
if paused > 0 then return {-2, paused} end
local probe = 0
if redis.call("EXISTS", KEYS[4]) == 1 then
  if not redis.call("SET", KEYS[5], ARGV[5], "NX", "PX", ARGV[6]) then
    return {-2, math.max(1, math.min(1000, redis.call("PTTL", KEYS[5])))}
  end
  probe = 1
end
local stored = redis.call("HGET", KEYS[1], "data")
if not stored then return {-3, 0} end
local data = cjson.decode(stored)
if data.task ~= nil or (data.submissionId or "") ~= ARGV[3] then return {-3, 0} end
redis.call("HSET", KEYS[1], "data", ARGV[4])
redis.call("SET", KEYS[2], ARGV[1], "PX", ARGV[2])
return {1, probe}
`;

const SETTLE = `
local stored = redis.call("HGET", KEYS[1], "data")
if not stored then return -1 end
local data = cjson.decode(stored)
if data.task ~= nil then
  if ARGV[3] ~= "" and type(data.task) == "table" and data.task.id == ARGV[3] then return 1 end
  return -2
end
if (data.submissionId or "") ~= ARGV[1] then return -3 end
redis.call("HSET", KEYS[1], "data", ARGV[2])
return 1
`;

const PAUSE = `
local ms = tonumber(ARGV[3])
if ARGV[3] == "" then
  if redis.call("PTTL", KEYS[1]) > 0 then return redis.call("PTTL", KEYS[1]) end
  local last = tonumber(redis.call("GET", KEYS[2]) or "0")
  ms = last > 0 and math.min(last * 2, tonumber(ARGV[2])) or tonumber(ARGV[1])
  redis.call("SET", KEYS[2], ms, "PX", ARGV[4])
end
if redis.call("PTTL", KEYS[1]) < ms then redis.call("SET", KEYS[1], "1", "PX", ms) end
redis.call("DEL", KEYS[3])
return ms
`;

const RECOVER = `
redis.call("DEL", KEYS[1])
redis.call("DEL", KEYS[2])
return 1
`;

const NAMESPACE = `
redis.call("SET", KEYS[1], ARGV[1], "NX")
return redis.call("GET", KEYS[1])
`;

/** What a claim found. */
type Claim =
  /** Written: send now. `probe`: this submission tests the gateway after a pause. */
  | { outcome: "claimed"; probe: boolean }
  /** This worker no longer holds the job's lock: another one runs it. Nothing may be sent. */
  | { outcome: "lockLost" }
  /** Submissions are paused queue-wide for `ms` more. */
  | { outcome: "paused"; ms: number }
  /** The job's data changed under this worker (a task recorded, another submission): re-read it. */
  | { outcome: "changed" };

/** How the queue-wide pause grows: the first pause, its ceiling, how long a backoff is remembered. */
export interface PausePolicy {
  first: number;
  max: number;
}

/** How long the last backoff is remembered: an uncertain answer within it doubles the pause. */
const BACKOFF_MEMORY_MS = 10 * 60_000;

/** The fenced writes of one worker (its own Redis connection, the queue's keys). */
export class Fence {
  readonly #worker: Pick<Worker, "getBackend" | "toKey">;
  readonly #lockDuration: number;
  readonly #policy: PausePolicy;
  /** How long a probe submission holds the gate after a pause: the submission's own timeout. */
  readonly #probeMs: number;
  #client: Promise<{ runCommand(name: string, args: unknown[]): Promise<any> }> | undefined;
  #namespace: Promise<string> | undefined;

  constructor(
    worker: Pick<Worker, "getBackend" | "toKey">,
    options: { lockDuration: number; pause: PausePolicy; probeMs: number },
  ) {
    this.#worker = worker;
    this.#lockDuration = options.lockDuration;
    this.#policy = options.pause;
    this.#probeMs = options.probeMs;
  }

  /** The worker's Redis client, with the scripts defined on it (once). */
  #redis() {
    this.#client ??= this.#worker
      .getBackend()
      .client.then((client) => {
        client.defineCommand("genwayClaim", { numberOfKeys: 5, lua: CLAIM });
        client.defineCommand("genwaySettle", { numberOfKeys: 1, lua: SETTLE });
        client.defineCommand("genwayPause", { numberOfKeys: 3, lua: PAUSE });
        client.defineCommand("genwayRecover", { numberOfKeys: 2, lua: RECOVER });
        client.defineCommand("genwayNamespace", { numberOfKeys: 1, lua: NAMESPACE });
        return client;
      })
      .catch((error: unknown) => {
        this.#client = undefined;
        throw error;
      });
    return this.#client;
  }

  #key = (name: string) => this.#worker.toKey(`genway:${name}`);
  #pauseKeys = () => [this.#key("pause"), this.#key("backoff"), this.#key("probe")];

  /**
   * Writes `data` (with its `submitting` marker and new `submissionId`) if `token` still holds the
   * job's lock and the job's stored data is the submission `expected` (undefined: none) with no task.
   */
  async claim(job: GenerationJob, token: string, expected: string | undefined, data: GenerationJobData) {
    const jobKey = this.#worker.toKey(job.id ?? "");
    const [pause, backoff, probe] = this.#pauseKeys();
    const [code, value] = (await (
      await this.#redis()
    ).runCommand("genwayClaim", [
      jobKey,
      `${jobKey}:lock`,
      pause,
      backoff,
      probe,
      token,
      this.#lockDuration,
      expected ?? "",
      JSON.stringify(data),
      data.submissionId,
      this.#probeMs,
    ])) as [number, number];
    const claim: Claim =
      code === 1
        ? { outcome: "claimed", probe: value === 1 }
        : code === -1
          ? { outcome: "lockLost" }
          : code === -2
            ? { outcome: "paused", ms: value }
            : { outcome: "changed" };
    return claim;
  }

  /**
   * Writes `data` for submission `submission`: refused (false) when another submission replaced
   * it, or a task other than `taskId` is recorded (a recorded task is never replaced).
   */
  async settle(
    job: GenerationJob,
    submission: string,
    data: GenerationJobData,
    taskId = "",
  ): Promise<boolean> {
    const result = await (await this.#redis()).runCommand("genwaySettle", [
      this.#worker.toKey(job.id ?? ""),
      submission,
      JSON.stringify(data),
      taskId,
    ]);
    return result === 1;
  }

  /**
   * Pauses every worker's submissions: `ms` when given (a rate limit's Retry-After), else the
   * backoff (the first pause, doubled by each uncertain answer after a pause ended, up to the
   * ceiling). Answers the pause in force.
   */
  async pause(ms?: number): Promise<number> {
    const { first, max } = this.#policy;
    return Number(
      await (await this.#redis()).runCommand("genwayPause", [
        ...this.#pauseKeys(),
        first,
        max,
        ms === undefined ? "" : Math.max(1, Math.round(ms)),
        BACKOFF_MEMORY_MS,
      ]),
    );
  }

  /** A probe submission was answered: the gateway is back, submissions go at full rate again. */
  async recover(): Promise<void> {
    const [, backoff, probe] = this.#pauseKeys();
    await (await this.#redis()).runCommand("genwayRecover", [backoff, probe]);
  }

  /**
   * The queue's own random id (made once, kept in Redis): vidgen external ids are `<it>-<job id>`,
   * unique across the queues (and Redis resets) of one account, where job ids repeat.
   */
  namespace(): Promise<string> {
    this.#namespace ??= this.#redis()
      .then((client) =>
        client.runCommand("genwayNamespace", [
          this.#key("namespace"),
          globalThis.crypto.randomUUID().replaceAll("-", "").slice(0, 16),
        ]),
      )
      .then(String)
      .catch((error: unknown) => {
        this.#namespace = undefined;
        throw error;
      });
    return this.#namespace;
  }
}
