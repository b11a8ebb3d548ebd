/** Submit-then-maybe-wait, shared by every task command: progress on stderr, the result on stdout. */
import type { TaskRef } from "../index.js";
import type { CommandContext } from "./command.js";
import { printJson } from "./output.js";
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

/** Prints the task handle; with `--wait`, follows it to the end with a progress bar (TTY) or lines. */
export async function reportTask(task: Waitable, context: CommandContext, wait: boolean): Promise<void> {
  const { stdout, stderr, json, signal } = context;
  if (!wait) {
    if (json) return printJson(stdout, task.toJSON());
    stdout.write(
      `submitted ${task.kind} task ${task.id}\nresume with: genway task ${task.kind} ${task.id}\n`,
    );
    return;
  }
  stderr.write(`waiting on ${task.kind} task ${task.id} (Ctrl-C stops waiting; the task keeps running)\n`);
  const snapshot = await follow(task, context, signal);
  if (json) return printJson(stdout, snapshot);
  stdout.write(`${task.kind} ${task.id}: ${snapshot.status}\n`);
  for (const url of urlsIn(snapshot.result)) stdout.write(`${url}\n`);
}

export async function follow(
  task: Waitable,
  context: CommandContext,
  signal: AbortSignal,
): Promise<Snapshot> {
  const progress = progressReporter(context.stderr);
  try {
    return await task.wait({
      signal,
      onProgress: (s) => progress.update(`${task.kind} ${task.id}`, s.progress ?? 0, s.status),
    });
  } finally {
    progress.done();
  }
}

/** Every http(s) URL in a task result, whatever its family's shape. */
export function urlsIn(value: unknown, found: string[] = []): string[] {
  if (typeof value === "string") {
    if (/^https?:\/\//.test(value) && !found.includes(value)) found.push(value);
  } else if (Array.isArray(value)) {
    for (const item of value) urlsIn(item, found);
  } else if (value && typeof value === "object") {
    for (const item of Object.values(value)) urlsIn(item, found);
  }
  return found;
}

/** `--body '{"k":1}'` merged under the flags, so any field of an operation is reachable. */
export function bodyFlag(values: CommandContext["values"]): Record<string, unknown> {
  if (typeof values.body !== "string") return {};
  const parsed: unknown = JSON.parse(values.body);
  if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
    throw new Error("--body must be a JSON object");
  return parsed as Record<string, unknown>;
}
