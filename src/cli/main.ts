#!/usr/bin/env node
/**
 * The genway command: the same client and env variables as the library
 * (GENWAY_API_KEY, GENWAY_BASE_URL, GENWAY_LOG), one command per family.
 */
import { parseArgs } from "node:util";
import Genway from "../index.js";
import type { Command, CommandContext } from "./command.js";
import { commands } from "./commands/index.js";
import { errorLine } from "./output.js";

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
    "environment: GENWAY_API_KEY, GENWAY_BASE_URL, GENWAY_LOG",
    "Run `genway <command> --help` for a command's options. No gateway? `genway mock` or `genway demo`.",
  ].join("\n");
}

function commandHelp(command: Command): string {
  const lines = [`usage: ${command.usage}`, "", command.summary];
  if (command.help) lines.push("", command.help);
  return lines.join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === "--help" || name === "-h" || name === "help") {
    process.stdout.write(`${usage()}\n`);
    return 0;
  }
  const command = commands.find((c) => c.name === name);
  if (!command) {
    process.stderr.write(`genway: unknown command "${name}"\n\n${usage()}\n`);
    return 2;
  }
  let parsed: ReturnType<typeof parseArgs>;
  try {
    parsed = parseArgs({
      args: rest,
      options: { ...GLOBAL_OPTIONS, ...command.options },
      allowPositionals: true,
    });
  } catch (error) {
    process.stderr.write(`genway ${name}: ${(error as Error).message}\n\n${commandHelp(command)}\n`);
    return 2;
  }
  const values = parsed.values as CommandContext["values"];
  if (values.help) {
    process.stdout.write(`${commandHelp(command)}\n`);
    return 0;
  }

  // Ctrl-C aborts the request in flight (the stream closes, the task wait stops); a second one exits at once.
  const controller = new AbortController();
  const onSigint = () => {
    if (controller.signal.aborted) process.exit(130);
    controller.abort();
  };
  process.on("SIGINT", onSigint);
  process.on("SIGTERM", onSigint);

  let gw: Genway | undefined;
  const context: CommandContext = {
    values,
    positionals: parsed.positionals,
    signal: controller.signal,
    json: values.json === true,
    stdout: process.stdout,
    stderr: process.stderr,
    client: () =>
      (gw ??= new Genway({
        baseURL: values["base-url"] as string | undefined,
        apiKey: values["api-key"] as string | undefined,
        timeout: values.timeout === undefined ? undefined : Number(values.timeout),
      })),
  };
  try {
    await command.run(context);
    return 0;
  } catch (error) {
    if (controller.signal.aborted) {
      process.stderr.write("\ngenway: aborted\n");
      return 130;
    }
    process.stderr.write(`${errorLine(error)}\n`);
    return 1;
  } finally {
    process.off("SIGINT", onSigint);
    process.off("SIGTERM", onSigint);
  }
}

process.exitCode = await main(process.argv.slice(2));
