/**
 * The genway command from the sources of this very run, two ways:
 * - `runCli`: its program (src/cli/run.ts) in this process, on pipes and an environment of its own:
 *   the exit code and what it prints, without the cost of starting a process.
 * - `cliFromSource`: src/cli/main.ts bundled (tests/support/bundle.ts), for what only a process
 *   shows: signals (Ctrl-C), a terminal, stdin, the current folder, the status the shell sees.
 *
 * In this process the library's logger reads GENWAY_LOG from process.env, not from `env`: a test
 * file that runs the CLI here calls `logOffInThisProcess()`.
 */
import { Readable, Writable } from "node:stream";
import { afterAll, beforeAll } from "vitest";
import { run } from "../../src/cli/run.js";
import { bundled } from "./bundle.js";

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** A pipe's end as the program sees it (not a terminal): what it writes, collected. */
function pipe(): { stream: NodeJS.WriteStream; written(): string } {
  let text = "";
  const stream = new Writable({
    decodeStrings: false,
    write(chunk, _encoding, done) {
      text += String(chunk);
      done();
    },
  });
  return { stream: stream as NodeJS.WriteStream, written: () => text };
}

/** Runs `genway ...args` in this process with `env` as its environment and `stdin` piped in. */
export async function runCli(args: string[], env: NodeJS.ProcessEnv, stdin = ""): Promise<CliRun> {
  const stdout = pipe();
  const stderr = pipe();
  const code = await run(args, {
    stdin: Readable.from(stdin ? [stdin] : []) as NodeJS.ReadStream,
    stdout: stdout.stream,
    stderr: stderr.stream,
    env,
  });
  return { code, stdout: stdout.written(), stderr: stderr.written() };
}

/** GENWAY_LOG=off in this process's environment while the calling test file runs (the runs' own is off). */
export function logOffInThisProcess(): void {
  const before = process.env.GENWAY_LOG;
  beforeAll(() => {
    process.env.GENWAY_LOG = "off";
  });
  afterAll(() => {
    if (before === undefined) delete process.env.GENWAY_LOG;
    else process.env.GENWAY_LOG = before;
  });
}

/** The path of the genway command bundled from src/ (the first call bundles it). */
export async function cliFromSource(): Promise<string> {
  const [cli] = await bundled("src/cli/main.ts");
  return cli!;
}
