/**
 * Input checks every command runs before it sends anything: required arguments, numeric flags
 * against the spec's bounds, output paths. A failure is an InputError naming the flag, so nothing
 * is paid for a typo.
 */
import { constants } from "node:fs";
import { mkdir, open, rm, stat } from "node:fs/promises";
import { dirname, extname, join } from "node:path";
import { type ParseArgsConfig, parseArgs } from "node:util";

/**
 * Bad input: one line naming the flag, exit 2, no request sent. With `usage`, the command's usage
 * follows the line (a missing argument is best answered by showing how to pass it).
 */
export class InputError extends Error {
  override name = "InputError";
  readonly usage: boolean;
  constructor(message: string, options: { usage?: boolean } = {}) {
    super(message);
    this.usage = options.usage ?? false;
  }
}

/** Parsed flags by name (the values of a command's options). */
export type Values = Record<string, string | boolean | string[] | undefined>;

/**
 * The command line, read by node:util's parseArgs in its lenient mode and checked here, so that a
 * mistake is an InputError naming the flag as the user typed it, never parseArgs' own wording
 * (which speaks of "option arguments" and "positionals"). A string flag followed by another flag
 * has no value (`--model --yes`): a value that starts with "-" is written `--flag=-value`.
 */
export function parseFlags(
  args: string[],
  options: NonNullable<ParseArgsConfig["options"]>,
): { values: Values; positionals: string[] } {
  const { values, positionals, tokens } = parseArgs({
    args,
    options,
    allowPositionals: true,
    strict: false,
    tokens: true,
  });
  for (const token of tokens) {
    if (token.kind !== "option") continue;
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined;
    const flag = token.rawName;
    if (!option) throw new InputError(`unknown flag ${flag}`, { usage: true });
    if (option.type === "boolean") {
      if (token.value !== undefined) throw new InputError(`${flag} takes no value (got "${token.value}")`);
    } else if (token.value === undefined) {
      throw new InputError(`${flag} needs a value`, { usage: true });
    } else if (!token.inlineValue && token.value.startsWith("-")) {
      throw new InputError(
        `${flag} needs a value; "${token.value}" looks like a flag (a value starting with "-" is written --${token.name}=${token.value})`,
      );
    }
  }
  return { values: values as Values, positionals };
}

/** A string flag's value, or undefined when absent. */
export function text(values: Values, name: string): string | undefined {
  const value = values[name];
  return typeof value === "string" ? value : undefined;
}

/** The positionals as one text; a missing one prints the usage (`what` names it, e.g. "<prompt>"). */
export function required(positionals: string[], what: string): string {
  const value = positionals.join(" ").trim();
  if (!value) throw new InputError(`missing ${what}`, { usage: true });
  return value;
}

/** A flag's bounds, in the words of genway's `limits` (src/limits.ts), so a bound the library declares is read, not copied. */
export interface NumberRule {
  readonly minimum?: number;
  readonly maximum?: number;
  /** Whole numbers only. */
  readonly integer?: boolean;
  /** The only values allowed (e.g. a duration of 5 or 10). */
  oneOf?: readonly number[];
}

/** Describes a rule the way the error message says it: "an integer from 1 to 10", "5 or 10". */
function describe(rule: NumberRule): string {
  if (rule.oneOf) return rule.oneOf.join(" or ");
  const kind = rule.integer ? "an integer" : "a number";
  const { minimum, maximum } = rule;
  if (minimum !== undefined && maximum !== undefined) return `${kind} from ${minimum} to ${maximum}`;
  if (minimum !== undefined) return `${kind} >= ${minimum}`;
  if (maximum !== undefined) return `${kind} <= ${maximum}`;
  return kind;
}

/** A numeric flag parsed and checked: undefined when absent; an InputError naming the flag otherwise. */
export function number(values: Values, name: string, rule: NumberRule = {}): number | undefined {
  const raw = text(values, name);
  if (raw === undefined) return undefined;
  const value = raw.trim() === "" ? Number.NaN : Number(raw);
  const ok =
    Number.isFinite(value) &&
    (!rule.integer || Number.isInteger(value)) &&
    (rule.minimum === undefined || value >= rule.minimum) &&
    (rule.maximum === undefined || value <= rule.maximum) &&
    (!rule.oneOf || rule.oneOf.includes(value));
  if (!ok) throw new InputError(`--${name} must be ${describe(rule)} (got "${raw}")`);
  return value;
}

/** A string flag limited to a closed list. */
export function choice<T extends string>(values: Values, name: string, choices: readonly T[]): T | undefined {
  const raw = text(values, name);
  if (raw === undefined || (choices as readonly string[]).includes(raw)) return raw as T | undefined;
  throw new InputError(`--${name} must be one of ${choices.join(", ")} (got "${raw}")`);
}

/** `--body '{"k":1}'`: a JSON object sent with the flags (its fields win), so any field of an operation is reachable. */
export function body(values: Values): Record<string, unknown> {
  const raw = text(values, "body");
  if (raw === undefined) return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    throw new InputError(`--body is not valid JSON: ${(error as Error).message}`);
  }
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new InputError("--body must be a JSON object");
  return parsed as Record<string, unknown>;
}

/** A folder to write into: created when missing, refused when it is a file or cannot be created. */
export async function outputFolder(path: string, flag = "--out"): Promise<string> {
  try {
    await mkdir(path, { recursive: true });
    if (!(await stat(path)).isDirectory()) throw new Error("not a folder");
  } catch (error) {
    throw new InputError(`${flag} ${path}: ${reason(error, "is not a folder")}`);
  }
  return path;
}

/**
 * The files one run writes. Each is claimed before anything is paid for: created empty with O_EXCL,
 * so a file on disk is never overwritten and two runs (or two images finishing in the same second)
 * never pick the same name. The placeholders of files never finished are removed if the run fails
 * or is interrupted.
 */
export class OutputFiles {
  readonly #unfinished = new Set<string>();

  /** Marks a claimed file as complete (it stays on disk whatever happens next). */
  finished(path: string): void {
    this.#unfinished.delete(path);
  }

  /** Removes the placeholders of files that were never written (a failed or interrupted command). */
  async removeUnfinished(): Promise<void> {
    await Promise.all([...this.#unfinished].map((path) => rm(path, { force: true })));
    this.#unfinished.clear();
  }

  async #create(path: string): Promise<void> {
    await (await open(path, constants.O_CREAT | constants.O_EXCL | constants.O_WRONLY)).close();
    this.#unfinished.add(path);
  }

  /** Claims a name that does not exist yet: `base.ext`, then `base-2.ext`, `base-3.ext` ... */
  async claim(folder: string, base: string, ext: string): Promise<string> {
    for (let n = 1; ; n++) {
      const path = join(folder, `${base}${n === 1 ? "" : `-${n}`}${ext}`);
      try {
        await this.#create(path);
        return path;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      }
    }
  }

  /**
   * An output file given by the user: its folder is created, and an existing file is refused
   * (never overwritten). Without a path, a free name is claimed from `fallback` in the current folder.
   */
  async output(path: string | undefined, fallback: string, flag = "--out"): Promise<string> {
    if (path === undefined) {
      const ext = extname(fallback);
      return this.claim(".", fallback.slice(0, fallback.length - ext.length), ext);
    }
    await outputFolder(dirname(path), flag);
    try {
      await this.#create(path);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      throw new InputError(
        `${flag} ${path}: ${code === "EEXIST" ? "already exists (genway never overwrites a file)" : reason(error, "cannot be written")}`,
      );
    }
    return path;
  }
}

/** A local file named by a flag exists and is a file (checked before anything is sent). */
export async function inputFile(path: string, flag: string): Promise<void> {
  try {
    if (!(await stat(path)).isFile()) throw new Error("not a file");
  } catch (error) {
    throw new InputError(`${flag} ${path}: ${reason(error, "is not a file")}`);
  }
}

function reason(error: unknown, fallback: string): string {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "does not exist";
  if (code === "EACCES" || code === "EPERM") return "permission denied";
  if (code === "ENOTDIR" || code === "EEXIST") return fallback;
  return (error as Error).message === "not a folder" || (error as Error).message === "not a file"
    ? fallback
    : (error as Error).message;
}
