/** What every CLI command gets and must provide. */
import type { ParseArgsConfig } from "node:util";
import type Genway from "../index.js";
import type { TaskRef } from "../index.js";
import type { OutputFiles, Values } from "./args.js";

export interface CommandContext {
  /** Parsed flags (values of the command's options) and positionals. */
  values: Values;
  positionals: string[];
  /** Aborted on Ctrl-C. */
  signal: AbortSignal;
  /** A client from the environment and the global flags (built on first use). */
  client(): Genway;
  /**
   * For a command that runs with or without a gateway (`pricesFrom`): why there is none, when
   * none is configured (the spec's table prices its estimates then).
   */
  noGateway?: string | undefined;
  json: boolean;
  /** Piped input (chat reads its prompt there); a terminal is asked the cost question. */
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
  /** The files this run writes: what it has not finished is removed when it fails. */
  files: OutputFiles;
  /** The task being waited on, if any: an interrupted wait prints how to resume it. */
  waiting?: TaskRef | undefined;
  /**
   * Holds Ctrl-C back until `release()`: a paid task submission interrupted in flight could create
   * a task whose id is never seen. A second Ctrl-C still quits at once.
   */
  hold(): void;
  /** Ends `hold()`; a Ctrl-C that came meanwhile takes effect now. */
  release(): void;
}

export interface Command {
  name: string;
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig["options"]>;
  /** Extra help lines under the usage. */
  help?: string;
  /** Runs without a gateway (cost, mock, demo): no --base-url or key is asked for. */
  offline?: boolean;
  /** Uses the gateway's prices when a gateway is configured, and runs without one (cost). */
  pricesFrom?: "gateway";
  /**
   * Request field -> the flag or argument that sets it ("n" -> "--n", "prompt" -> "<prompt>"), so a
   * ValidationError from the library speaks of flags. Unlisted fields came from --body.
   */
  fields?: Record<string, string>;
  run(context: CommandContext): Promise<void>;
}
