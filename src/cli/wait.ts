/** Submit-then-maybe-wait, shared by every task command: progress on stderr, the result on stdout. */
import type { TaskRef } from "../index.js";
import type { CommandContext } from "./command.js";
import { print, printJson } from "./output.js";
import { progressReporter } from "./progress.js";

interface Snapshot {
  status: string;
  progress: number | undefined;
  result: unknown;
}

interface Waitable {
  kind: string;
  id: string;
  wait(options: { signal?: AbortSignal; onProgress?: (s: Snapshot) => void }): Promise<Snapshot>;
  toJSON(): TaskRef;
}

/** How a family prints a finished result for people; the default lists its URLs. */
export type ResultPrinter = (result: unknown, out: NodeJS.WritableStream) => void;

/** The line that resumes a task from any shell. */
export const resumeLine = (task: TaskRef) => `resume with: genway task wait ${task.kind} ${task.id}`;

/** Prints the task handle; with `--wait`, follows it to the end with a progress bar (TTY) or lines. */
export async function reportTask(
  task: Waitable,
  context: CommandContext,
  wait: boolean,
  printResult: ResultPrinter = printUrls,
): Promise<void> {
  const { stdout, stderr, json } = context;
  context.release();
  if (!wait) {
    if (json) return printJson(stdout, task.toJSON());
    print(stdout, `submitted ${task.kind} task ${task.id}\n${resumeLine(task)}\n`);
    return;
  }
  print(stderr, `waiting on ${task.kind} task ${task.id} (Ctrl-C stops waiting; the task keeps running)\n`);
  const snapshot = await follow(task, context);
  if (json) return printJson(stdout, snapshot);
  print(stdout, `${task.kind} ${task.id}: ${snapshot.status}\n`);
  printResult(snapshot.result, stdout);
}

/**
 * Waits with progress on stderr. While it waits, `context.waiting` names the task, so an
 * interrupted wait can print how to resume it (main.ts); nothing is cancelled on the gateway.
 */
export async function follow(task: Waitable, context: CommandContext): Promise<Snapshot> {
  const progress = progressReporter(context.stderr, { label: `${task.kind} ${task.id}` });
  context.waiting = { kind: task.kind, id: task.id };
  try {
    return await task.wait({ signal: context.signal, onProgress: (s) => progress.update(s) });
  } finally {
    progress.done();
  }
}

/** The default printer: every URL of the result, one a line. */
export function printUrls(result: unknown, out: NodeJS.WritableStream): void {
  for (const url of urlsIn(result)) print(out, `${url}\n`);
}

/** Every http(s) URL in a task result, whatever its family's shape. */
function urlsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") {
    if (/^https?:\/\//.test(value) && !found.includes(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) urlsIn(item, found);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) urlsIn(item, found);
  }
  return found;
}

export { body as bodyFlag } from "./args.js";
