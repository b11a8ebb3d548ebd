/**
 * The real components of the queue tests (and bench/queue.mjs's twin): a redis-server on a free
 * loopback port with no persistence in a temp dir, the mock gateway in its own process, and
 * worker processes. Each is stopped by the test that started it.
 *
 * The gateway and worker programs are fixtures/gateway.ts and fixtures/worker.ts, which import the
 * package by name: run as they are, they import the built package (bench/queue.mjs, after a build);
 * the tests pass their bundles from this run's sources instead (tests/support/bundle.ts).
 */
import { type ChildProcess, fork, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";

const FIXTURES = join(import.meta.dirname, "fixtures");

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface RedisServer {
  port: number;
  /** `SHUTDOWN SAVE` then the same server again on the same port and dir: an operator's restart. */
  restart(): Promise<void>;
  stop(): Promise<void>;
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Starts redis-server; fails (never skips) when the binary is missing. */
export async function startRedis(): Promise<RedisServer> {
  if (spawnSync("redis-server", ["--version"]).error) {
    throw new Error(
      "redis-server is not installed: the queue tests need a real Redis (apt-get install -y redis-server; .ci/run installs it).",
    );
  }
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "genway-redis-"));
  const launch = () =>
    new Promise<ChildProcess>((resolve, reject) => {
      const child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      let log = "";
      child.stdout!.on("data", (chunk: Buffer) => {
        log += chunk;
        if (log.includes("Ready to accept connections")) resolve(child);
      });
      child.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${log}`)));
    });
  let server = await launch();
  const command = (...args: string[]) =>
    spawnSync("redis-cli", ["-p", String(port), ...args], { encoding: "utf8" });
  return {
    port,
    async restart() {
      command("SHUTDOWN", "SAVE");
      await exited(server);
      server = await launch();
    },
    async stop() {
      server.kill("SIGKILL");
      await exited(server);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** What the mock received, as the gateway fixture reports it. */
export interface SeenRequest {
  method: string;
  path: string;
  worker: string | undefined;
  body: any;
  /** When the worker sent it, by the worker's clock. */
  sentAt: number;
}

export interface GatewayProcess {
  url: string;
  apiKey: string;
  child: ChildProcess;
  requests(): Promise<SeenRequest[]>;
  /** Arms a mock fault (see genway/testing's Fault). */
  inject(fault: Record<string, unknown>): Promise<void>;
  /** Resolves with the worker whose submission the gateway holds next (a body with "[hold]"). */
  nextHeld(): Promise<{ worker: string; body: any }>;
  stop(): Promise<void>;
}

export function startGateway(
  env: Record<string, string> = {},
  program = join(FIXTURES, "gateway.ts"),
): Promise<GatewayProcess> {
  const child = fork(program, [], {
    env: { ...process.env, ...env },
    execArgv: [],
    stdio: "inherit",
  });
  const once = <T>(type: string) =>
    new Promise<T>((resolve) => {
      const listen = (message: { type?: string }) => {
        if (message.type !== type) return;
        child.off("message", listen);
        resolve(message as T);
      };
      child.on("message", listen);
    });
  return once<{ url: string; apiKey: string }>("listening").then(({ url, apiKey }) => ({
    url,
    apiKey,
    child,
    async requests() {
      const answer = once<{ requests: SeenRequest[] }>("requests");
      child.send({ type: "requests" });
      return (await answer).requests;
    },
    async inject(fault) {
      const done = once("injected");
      child.send({ type: "inject", fault });
      await done;
    },
    nextHeld: () => once("held"),
    async stop() {
      child.disconnect();
      await exited(child);
    },
  }));
}

export interface WorkerProcess {
  name: string;
  child: ChildProcess;
  /** The worker's metrics() (genway/queue), asked over IPC. */
  metrics(): Promise<Record<string, number>>;
  /** kill -9. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

export async function startWorker(
  name: string,
  env: {
    REDIS_PORT: number;
    GATEWAY_URL: string;
    GATEWAY_KEY: string;
    QUEUE: string;
    CONCURRENCY?: number;
    [name: string]: string | number | undefined;
  },
  program = join(FIXTURES, "worker.ts"),
): Promise<WorkerProcess> {
  const vars = Object.fromEntries(Object.entries(env).map(([key, value]) => [key, String(value)]));
  const child = fork(program, [], {
    env: { ...process.env, ...vars, WORKER: name },
    execArgv: [],
    stdio: "inherit",
  });
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve());
    child.once("exit", (code) => reject(new Error(`worker ${name} exited (${code}) before it was ready`)));
  });
  return {
    name,
    child,
    metrics: () =>
      new Promise((resolve) => {
        const listen = (message: { type?: string; metrics?: Record<string, number> }) => {
          if (message.type !== "metrics") return;
          child.off("message", listen);
          resolve(message.metrics ?? {});
        };
        child.on("message", listen);
        child.send({ type: "metrics" });
      }),
    async kill() {
      child.kill("SIGKILL");
      await exited(child);
    },
    async stop() {
      if (child.connected) child.disconnect();
      await exited(child);
    },
  };
}
