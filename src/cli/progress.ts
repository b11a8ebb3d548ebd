/**
 * Task progress for people: a redrawn bar on a TTY, plain lines otherwise (logs, pipes, CI).
 * Hand-written (a dozen lines) rather than a dependency, and never part of the library bundle.
 */
export interface ProgressReporter {
  update(label: string, percent: number, status: string): void;
  done(): void;
}

/** `indent` prefixes every line (and the redrawn bar). */
export function progressReporter(stream: NodeJS.WriteStream, indent = ""): ProgressReporter {
  let last = "";
  if (!stream.isTTY) {
    return {
      update(label, percent, status) {
        const line = `${indent}${label}: ${status} ${Math.round(percent)}%`;
        if (line !== last) stream.write(`${line}\n`);
        last = line;
      },
      done() {},
    };
  }
  const width = 30;
  return {
    update(label, percent, status) {
      const filled = Math.round((Math.max(0, Math.min(100, percent)) / 100) * width);
      stream.write(
        `\r${indent}${label} [${"#".repeat(filled)}${"-".repeat(width - filled)}] ${Math.round(percent).toString().padStart(3)}% ${status}   `,
      );
    },
    done() {
      stream.write("\n");
    },
  };
}
