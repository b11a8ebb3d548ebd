/**
 * Task progress for people: a redrawn bar on a TTY, plain lines otherwise (logs, pipes, CI).
 * Hand-written rather than a dependency, and never part of the library bundle.
 *
 * The bar shows the task id, percent, status and elapsed time, and fits the terminal's width. A
 * family that reports no percentage (vidgen) gets a moving indeterminate bar, not a fake 0 %.
 * It writes its own control sequences (carriage return, erase line) around text escaped by output.ts.
 */
import { terminalText } from "./output.js";

interface ProgressState {
  status: string;
  /** 0-100, or undefined where the family reports none. */
  progress?: number | undefined;
}

export interface ProgressReporter {
  update(state: ProgressState): void;
  done(): void;
}

export interface ProgressOptions {
  /** What is being waited on, e.g. "video task_123". */
  label: string;
  /** Prefixes every line (and the redrawn bar). */
  indent?: string;
  /** Clock, for tests. */
  now?: () => number;
}

/** m:ss (or h:mm:ss) since `start`. */
function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const mmss = `${Math.floor(s / 60) % 60}:${String(s % 60).padStart(2, "0")}`;
  return s >= 3600 ? `${Math.floor(s / 3600)}:${mmss.padStart(5, "0")}` : mmss;
}

/** One frame of the bar, at most `columns - 1` characters (the last column would wrap). */
function renderBar(
  label: string,
  state: ProgressState,
  ms: number,
  columns: number,
  frame: number,
  indent = "",
): string {
  const known = state.progress !== undefined;
  const percent = known ? `${String(Math.round(state.progress as number)).padStart(3)}%` : "";
  const tail = `${percent ? ` ${percent}` : ""} ${state.status} ${elapsed(ms)}`;
  const head = `${indent}${label} `;
  const room = columns - 1 - head.length - tail.length - 2;
  let bar = "";
  if (room >= 6) {
    const width = Math.min(30, room);
    if (known) {
      const filled = Math.round((Math.max(0, Math.min(100, state.progress as number)) / 100) * width);
      bar = `[${"#".repeat(filled)}${"-".repeat(width - filled)}]`;
    } else {
      // A block of 3 bouncing between the ends: moving means alive, with no claim of how far along.
      const span = Math.max(1, width - 3);
      const step = frame % (2 * span);
      const at = step < span ? step : 2 * span - step;
      bar = `[${" ".repeat(at)}<=>${" ".repeat(width - 3 - at)}]`;
    }
  }
  const line = bar ? `${head}${bar}${tail}` : `${head.trimEnd()}${tail}`;
  return line.length > columns - 1 ? `${line.slice(0, Math.max(0, columns - 2))}…` : line;
}

/** A reporter drawing on `stream`: redrawn (and animated) on a TTY, one line per change otherwise. */
export function progressReporter(stream: NodeJS.WriteStream, options: ProgressOptions): ProgressReporter {
  const { indent = "", now = Date.now } = options;
  // The task id and its status come from the gateway: escaped, as all the CLI prints (output.ts).
  const label = terminalText(options.label);
  const start = now();
  let state: ProgressState | undefined;
  if (!stream.isTTY) {
    let last = "";
    return {
      update(next) {
        const percent = next.progress === undefined ? "" : ` ${Math.round(next.progress)}%`;
        const line = `${indent}${label}: ${terminalText(next.status)}${percent}`;
        if (line !== last) stream.write(`${line} [${elapsed(now() - start)}]\n`);
        last = line;
      },
      done() {},
    };
  }
  let frame = 0;
  const draw = () => {
    if (!state) return;
    const columns = stream.columns || 80;
    stream.write(`\r${renderBar(label, state, now() - start, columns, frame++, indent)}\x1b[K`);
  };
  // Redrawn between polls too, so the elapsed time and the indeterminate bar keep moving.
  const timer = setInterval(draw, 200);
  timer.unref();
  return {
    update(next) {
      state = { ...next, status: terminalText(next.status) };
      draw();
    },
    done() {
      clearInterval(timer);
      if (state) stream.write("\n");
    },
  };
}
