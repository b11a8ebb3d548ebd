/**
 * The genway command's program: the same client and env variables as the library
 * (GENWAY_API_KEY, GENWAY_BASE_URL, GENWAY_LOG), one command per family. main.ts runs it on the
 * process's own streams and environment; the tests run it in theirs (tests/support/cli.ts).
 */
import { readFileSync } from "node:fs";
import { keyProblem } from "../core/http/request-init.js";
import { baseURLProblem } from "../core/shared/index.js";
import Genway from "../index.js";
import { InputError, number, OutputFiles, parseFlags, text } from "./args.js";
import type { Command, CommandContext } from "./command.js";
import { commands } from "./commands/index.js";
import { errorLine, isInputError, print, quietOnClosedPipe } from "./output.js";
import { resumeLine } from "./wait.js";

const GLOBAL_OPTIONS = {
  json: { type: "boolean" },
  help: { type: "boolean", short: "h" },
  "base-url": { type: "string" },
  "api-key": { type: "string" },
  timeout: { type: "string" },
} as const;

function usage(): string {
  const width = Math.max(...commands.map((c) => c.name.length));
  return [
    "usage: genway <command> [options]",
    "",
    ...commands.map((c) => `  ${c.name.padEnd(width)}  ${c.summary}`),
    "",
    "global options: --json (machine-readable output), --help, --base-url URL, --api-key KEY, --timeout MS",
    "paid commands (image, speech, video, vidgen, music) print their estimated cost first, by the gateway's",
    "prices; --max-cost N refuses one that may cost more, and on a terminal they ask before submitting",
    "unless --yes. `genway --version` prints the version.",
    "environment: GENWAY_API_KEY, GENWAY_BASE_URL, GENWAY_LOG",
    "Run `genway <command> --help` for a command's options. No gateway? `genway mock` or `genway demo`.",
  ].join("\n");
}

function commandHelp(command: Command): string {
  const lines = [`usage: ${command.usage}`, "", command.summary];
  if (command.help) lines.push("", command.help);
  return lines.join("\n");
}

/** The package's version (package.json sits two folders up from both src/cli and dist/cli). */
function version(): string {
  const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8"));
  return String(pkg.version);
}

/** What one run reads and writes besides the network and its files: `process` in the genway command. */
export interface CliIO {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  env: NodeJS.ProcessEnv;
}

interface Gateway {
  baseURL: string;
  apiKey: string;
}

/**
 * The gateway's address and key, from --base-url / --api-key or the environment. A missing or
 * malformed one is bad input (exit 2) and names where it comes from, in CLI terms.
 */
function gatewayOf(values: CommandContext["values"], env: CliIO["env"]): Gateway {
  const fromFlag = text(values, "base-url");
  const baseURL = fromFlag ?? (env.GENWAY_BASE_URL || undefined);
  if (baseURL === undefined) {
    throw new InputError(
      'no gateway address: pass --base-url URL or set GENWAY_BASE_URL (no gateway? eval "$(genway mock --print-env)" starts a local mock)',
    );
  }
  // The library's own check (no user info, query or fragment), named as the CLI takes it; never the password.
  const problem = baseURLProblem(baseURL);
  if (problem)
    throw new InputError(`${fromFlag === undefined ? "GENWAY_BASE_URL" : "--base-url"} ${problem}`);
  const keyFlag = text(values, "api-key");
  const apiKey = keyFlag ?? (env.GENWAY_API_KEY || undefined);
  if (apiKey === undefined) throw new InputError("no API key: pass --api-key KEY or set GENWAY_API_KEY");
  // The library's own check, named as the CLI takes the key; never echoed, even when it is malformed.
  const unusable = keyProblem(apiKey);
  if (unusable) throw new InputError(`${keyFlag === undefined ? "GENWAY_API_KEY" : "--api-key"} ${unusable}`);
  return { baseURL, apiKey };
}

/** Runs the command line `argv` (without `node genway`); resolves with the exit code. */
export async function run(argv: string[], io: CliIO): Promise<number> {
  const { stdout, stderr } = io;
  // For the run and after it: a write's EPIPE is reported on a later tick.
  quietOnClosedPipe(stdout);
  quietOnClosedPipe(stderr);
  const [name, ...rest] = argv;
  if (name === "--version" || name === "-v" || name === "version") {
    print(stdout, `genway ${version()}\n`);
    return 0;
  }
  if (name === "--help" || name === "-h" || name === "help") {
    print(stdout, `${usage()}\n`);
    return 0;
  }
  // No command is a missing argument: the usage, on stderr, exit 2 (docs/cli.md, exit codes).
  if (!name) {
    print(stderr, `genway: missing <command>\n\n${usage()}\n`);
    return 2;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    print(stderr, `genway: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  const label = `genway ${name}`;
  let parsed: ReturnType<typeof parseFlags>;
  try {
    parsed = parseFlags(rest, { ...GLOBAL_OPTIONS, ...command.options });
  } catch (error) {
    print(stderr, `${errorLine(error, label)}\n\n${commandHelp(command)}\n`);
    return 2;
  }
  const { values } = parsed;
  if (values.help) {
    print(stdout, `${commandHelp(command)}\n`);
    return 0;
  }

  // Ctrl-C aborts the request in flight (the stream closes, the task wait stops); a second one exits at once.
  const controller = new AbortController();
  let holding = false;
  let held = false;
  const onSigint = () => {
    if (controller.signal.aborted || held) process.exit(130);
    if (holding) {
      held = true;
      print(
        stderr,
        `\n${label}: stopping once the gateway has answered with the task id (Ctrl-C again quits at once)\n`,
      );
      return;
    }
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigint);

  let timeout: number | undefined;
  let gateway: Gateway | undefined;
  let noGateway: string | undefined;
  try {
    timeout = number(values, "timeout", { integer: true, minimum: 1 });
    // Checked before the command starts: a paid command never gets as far as its estimate without one.
    if (!command.offline) gateway = gatewayOf(values, io.env);
    // A command that prices by the gateway when there is one: the spec's table when none is configured.
    else if (command.pricesFrom === "gateway") {
      const configured = text(values, "base-url") ?? (io.env.GENWAY_BASE_URL || undefined);
      const keyed = text(values, "api-key") ?? (io.env.GENWAY_API_KEY || undefined);
      if (configured !== undefined && keyed !== undefined) gateway = gatewayOf(values, io.env);
      else noGateway = configured === undefined ? "no gateway configured" : "no API key configured";
    }
  } catch (error) {
    print(stderr, `${errorLine(error, label)}\n`);
    return 2;
  }
  let gw: Genway | undefined;
  const context: CommandContext = {
    values,
    positionals: parsed.positionals,
    signal: controller.signal,
    json: values.json === true,
    stdin: io.stdin,
    stdout,
    stderr,
    files: new OutputFiles(),
    hold: () => {
      holding = true;
    },
    release: () => {
      holding = false;
      if (held) controller.abort();
    },
    client: () => (gw ??= new Genway({ ...gateway, timeout })),
    noGateway,
  };
  try {
    await command.run(context);
    return held ? 130 : 0; // a Ctrl-C held during a submission still ends the run as interrupted
  } catch (error) {
    await context.files.removeUnfinished();
    if (controller.signal.aborted) {
      // Only the wait stops: nothing is cancelled on the gateway, so the task can be picked up again.
      const resume = context.waiting ? `${resumeLine(context.waiting)}\n` : "";
      print(stderr, `\n${label}: aborted\n${resume}`);
      return 130;
    }
    print(stderr, `${errorLine(error, label, command.fields)}\n`);
    if (error instanceof InputError && error.usage) print(stderr, `\n${commandHelp(command)}\n`);
    return isInputError(error) ? 2 : 1;
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigint);
  }
}
