/**
 * Submit-then-maybe-wait, shared by every task command and `genway task`: progress on stderr, the
 * result on stdout, printed for its kind by one printer whichever command waited.
 */
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

/** The line that resumes a task from any shell. */
export const resumeLine = (task: TaskRef) => `resume with: genway task wait ${task.kind} ${task.id}`;

/** Prints the task handle; with `--wait`, follows it to the end with a progress bar (TTY) or lines. */
export async function reportTask(task: Waitable, context: CommandContext, wait: boolean): Promise<void> {
  const { stdout, stderr, json } = context;
  context.release();
  if (!wait) {
    if (json) return printJson(stdout, task.toJSON());
    print(stdout, `submitted ${task.kind} task ${task.id}\n${resumeLine(task)}\n`);
    return;
  }
  print(stderr, `waiting on ${task.kind} task ${task.id} (Ctrl-C stops waiting; the task keeps running)\n`);
  printSnapshot(task, await follow(task, context), context);
}

/**
 * A task's state for people: `<kind> <id>: <status>` (with its progress while it runs), then its
 * result as its kind prints one; JSON with `--json`. `genway music --wait` and `genway task wait
 * music <id>` print the same.
 */
export function printSnapshot(
  task: { kind: string; id: string },
  snapshot: Snapshot,
  context: CommandContext,
): void {
  const { stdout, json } = context;
  if (json) {
    printJson(stdout, snapshot);
    return;
  }
  const running = snapshot.status === "running" && snapshot.progress !== undefined;
  print(stdout, `${task.kind} ${task.id}: ${snapshot.status}${running ? ` ${snapshot.progress}%` : ""}\n`);
  const printResult = task.kind === "music" || task.kind === "music.lyrics" ? printSongs : printUrls;
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
function printUrls(result: unknown, out: NodeJS.WritableStream): void {
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

interface Song {
  title?: string;
  text?: string;
  audio_url?: string;
  video_url?: string;
  image_url?: string;
  metadata?: { prompt?: string; tags?: string; duration?: number | null };
}

/** Each song's title, its audio / video / cover URLs and its lyrics; or the lyrics of a lyrics job. */
function printSongs(result: unknown, out: NodeJS.WritableStream): void {
  const songs = (Array.isArray(result) ? result : result ? [result] : []) as Song[];
  for (const song of songs) {
    print(out, `\n${song.title || "(untitled)"}${song.metadata?.tags ? ` [${song.metadata.tags}]` : ""}\n`);
    for (const key of ["audio_url", "video_url", "image_url"] as const) {
      if (song[key]) print(out, `  ${key.replace("_url", "")}: ${song[key]}\n`);
    }
    const lyrics = song.text ?? song.metadata?.prompt;
    if (lyrics) print(out, `  lyrics:\n${lyrics.replace(/^/gm, "    ")}\n`);
  }
}

export { body as bodyFlag } from "./args.js";
