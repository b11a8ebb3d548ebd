/**
 * A tolerant JSON parser for text that is still arriving: `{"name": "Ad` reads as `{ name: "Ad" }`.
 * An unfinished string keeps what it has; an unfinished number, literal or key is left out until it
 * is whole. Never throws on a prefix of valid JSON; returns undefined where nothing is readable yet.
 */

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  space(): void {
    while (this.at < this.text.length && " \t\n\r".includes(this.text[this.at]!)) this.at++;
  }

  get done(): boolean {
    return this.at >= this.text.length;
  }
}

/** Thrown inside when the text ends mid-value. */
const END = Symbol("end");

/** The value a prefix of JSON text holds so far (undefined when there is none yet). */
export function parsePartialJson(text: string): unknown {
  const reader = new Reader(text);
  try {
    return value(reader);
  } catch (error) {
    if (error === END) return undefined;
    throw error;
  }
}

function value(r: Reader): unknown {
  r.space();
  if (r.done) throw END;
  const c = r.text[r.at]!;
  if (c === "{") return object(r);
  if (c === "[") return array(r);
  if (c === '"') return string(r, true);
  if (c === "-" || (c >= "0" && c <= "9")) return number(r);
  for (const [word, result] of [
    ["true", true],
    ["false", false],
    ["null", null],
  ] as const) {
    if (r.text.startsWith(word, r.at)) {
      r.at += word.length;
      return result;
    }
    if (word.startsWith(r.text.slice(r.at))) throw END;
  }
  throw new SyntaxError(`Unexpected "${c}" at ${r.at} in JSON`);
}

function object(r: Reader): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  r.at++;
  for (;;) {
    r.space();
    if (r.done) return out;
    if (r.text[r.at] === "}") {
      r.at++;
      return out;
    }
    if (r.text[r.at] === ",") {
      r.at++;
      continue;
    }
    let key: string;
    try {
      key = string(r, false);
      r.space();
      if (r.done) return out;
      if (r.text[r.at] !== ":") throw new SyntaxError(`Expected ":" at ${r.at} in JSON`);
      r.at++;
      r.space();
      if (r.done) return out;
    } catch (error) {
      if (error !== END) throw error;
      r.at = r.text.length;
      return out;
    }
    try {
      const entry = value(r);
      if (key !== "__proto__") out[key] = entry;
    } catch (error) {
      if (error !== END) throw error;
      // An unfinished string shows what it has; other unfinished values wait (and end the text).
      r.at = r.text.length;
      return out;
    }
  }
}

function array(r: Reader): unknown[] {
  const out: unknown[] = [];
  r.at++;
  for (;;) {
    r.space();
    if (r.done) return out;
    if (r.text[r.at] === "]") {
      r.at++;
      return out;
    }
    if (r.text[r.at] === ",") {
      r.at++;
      continue;
    }
    try {
      out.push(value(r));
    } catch (error) {
      if (error !== END) throw error;
      r.at = r.text.length;
      return out;
    }
  }
}

/** A string; an unfinished one is returned as far as it goes when `partial` (values), else END (keys). */
function string(r: Reader, partial: boolean): string {
  if (r.text[r.at] !== '"') throw new SyntaxError(`Expected a string at ${r.at} in JSON`);
  let end = r.at + 1;
  while (end < r.text.length && r.text[end] !== '"') end += r.text[end] === "\\" ? 2 : 1;
  if (end < r.text.length) {
    const raw = r.text.slice(r.at, end + 1);
    r.at = end + 1;
    return JSON.parse(raw) as string;
  }
  if (!partial) throw END;
  // Cut before a half escape (`\`, `\u12`), then close the string.
  let body = r.text.slice(r.at + 1);
  const halfEscape = /\\(u[0-9a-fA-F]{0,3})?$/.exec(body);
  if (halfEscape) body = body.slice(0, halfEscape.index);
  r.at = r.text.length;
  try {
    return JSON.parse(`"${body}"`) as string;
  } catch {
    throw END;
  }
}

function number(r: Reader): number {
  const run = /^[-+\d.eE]+/.exec(r.text.slice(r.at))?.[0] ?? "";
  // A number at the very end may still grow ("12" of "123", "2." of "2.5"): wait for the next character.
  if (r.at + run.length >= r.text.length) throw END;
  if (!/^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/.test(run))
    throw new SyntaxError(`Bad number "${run}" in JSON`);
  r.at += run.length;
  return Number(run);
}
