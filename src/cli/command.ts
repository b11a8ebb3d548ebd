/** What every CLI command gets and must provide. */
import type { ParseArgsConfig } from "node:util";
import type Genway from "../index.js";

export interface CommandContext {
  /** Parsed flags (values of the command's options) and positionals. */
  values: Record<string, string | boolean | string[] | undefined>;
  positionals: string[];
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** A client from the environment and the global flags (built on first use). */
  client(): Genway;
  json: boolean;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** Extra help lines under the usage. */
  help?: string;
  run(context: CommandContext): Promise<void>;
}
