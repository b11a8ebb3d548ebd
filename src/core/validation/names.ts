/**
 * "did you mean `budget`?": the known name closest to a misspelt one, so that an option or field
 * genway does not know is refused with the fix, not just a list to search.
 */

/** A name as compared: case, `_` and `-` ignored (`max_retries` and `maxretries` are `maxRetries`). */
const folded = (name: string) => name.toLowerCase().replace(/[_-]/g, "");

/** Edits (insert, delete, replace one character) that turn `a` into `b`: one row at a time. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      row[j] = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
      diagonal = above;
    }
  }
  return row[b.length] as number;
}

/**
 * The known name `name` was most likely meant to be: the fewest edits away, and at most a third of
 * the longer name's length (`maxRetry` is `maxRetries`, three letters short); else none.
 */
function closestName(name: string, known: Iterable<string>): string | undefined {
  const given = folded(name);
  let best: string | undefined;
  let fewest = Number.POSITIVE_INFINITY;
  for (const candidate of known) {
    const other = folded(candidate);
    const edits = distance(given, other);
    if (edits < fewest && edits <= Math.max(1, Math.floor(Math.max(given.length, other.length) / 3))) {
      best = candidate;
      fewest = edits;
    }
  }
  return best;
}

/**
 * The message for a name that is not one of `known`: "is not an option; did you mean `budget`?",
 * or, with nothing close, the known names listed. `what` is what the name should have been.
 */
export function notAName(name: string, known: object, what: string): string {
  const names = Object.keys(known);
  const closest = closestName(name, names);
  return closest === undefined
    ? `is not ${what} (known: ${names.join(", ")})`
    : `is not ${what}; did you mean \`${closest}\`?`;
}
