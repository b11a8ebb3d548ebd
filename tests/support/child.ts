/** A program in a child process of its own, as a user runs it: what it prints, its exit code, how long it took. */
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export interface ChildRun {
  code: number | null;
  /** The signal that ended it (SIGKILL when it outlived `killAfterMs`), or null. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface ChildOptions {
  /** The Node to run (another version's, e.g. Node 20); this process's by default. */
  node?: string;
  /** The folder it runs in; the repository's root by default. */
  cwd?: string;
  /** Its whole environment; by default this process's, with GENWAY_LOG=off. */
  env?: NodeJS.ProcessEnv;
}

/**
 * Runs `node ...args`, collecting its output. A child still running after `killAfterMs` is killed:
 * a hung child never outlives its test. Asynchronous, so a test file can run several side by side.
 */
export function runNode(args: string[], killAfterMs: number, options: ChildOptions = {}): Promise<ChildRun> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn(options.node ?? process.execPath, args, {
      cwd: options.cwd ?? ROOT,
      env: options.env ?? { ...process.env, GENWAY_LOG: "off" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d) => (stdout += d));
    child.stderr.on("data", (d) => (stderr += d));
    const kill = setTimeout(() => child.kill("SIGKILL"), killAfterMs);
    child.on("error", reject);
    child.on("close", (code, signal) => {
      clearTimeout(kill);
      resolve({ code, signal, stdout, stderr, ms: Date.now() - started });
    });
  });
}
