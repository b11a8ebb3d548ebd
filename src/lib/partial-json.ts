/**
 * A tolerant, incremental JSON parser for text that is still arriving: `{"name": "Ad` reads as
 * `{ name: "Ad" }`. Each piece pushed is read once, from where the last one stopped: a parser that
 * read the whole text again on every delta made a streamed answer quadratic (a 58 kB answer in
 * 4-character deltas blocked the event loop for 13-18 s). An unfinished string shows what it has;
 * an unfinished number, literal or key is left out until it is whole. Text that is not a prefix of
 * JSON is a SyntaxError. The nesting is a stack, not recursion: depth costs no call stack.
 */

/** What the parser expects next. */
const TOP = 0; // the value of the whole text
const ELEMENT = 1; // an array's next element, `,` or `]`
const KEY = 2; // an object's next key, `,` or `}`
const COLON = 3; // the `:` after a key
const MEMBER = 4; // the value after `:`
const STRING = 5; // inside a string (a key or a value)
const NUMBER = 6; // inside a number
const LITERAL = 7; // inside true, false or null
const DONE = 8; // the value is whole: the rest of the text is not read

/** A container still open, with where it sits in its parent. */
interface Frame {
  container: Record<string, unknown> | unknown[];
  array: boolean;
  /** Its key or index in the parent (undefined at the root). */
  at: string | number | undefined;
  /** Under a `__proto__` key: read, never shown (assigning it would swap a prototype). */
  hidden: boolean;
  /** Entries shown in it so far. */
  size: number;
  /** An object's key, read and waiting for its value. */
  key: string | undefined;
}

const NUMBER_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?([eE][+-]?\d+)?$/;

/** Characters a number is made of; it ends at the first other one. */
const inNumber = (c: number) =>
  (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46 || c === 101 || c === 69;
const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

/** The value a JSON text, pushed in pieces, holds so far. */
export class PartialJson {
  /** The value so far (undefined until something is readable); containers still open keep growing. */
  value: unknown = undefined;
  /** Whether `value` changed since the last {@link snapshot}. */
  changed = false;
  #mode = TOP;
  readonly #stack: Frame[] = [];
  /** The token being read: a string's text so far, a number's or a literal's characters. */
  #token = "";
  /** The string being read is a key. */
  #isKey = false;
  /** A string's escape read in part (`\`, `\u12`). */
  #escape = "";
  /** How much of the value string being read is shown. */
  #shown = 0;
  /** Where the value last placed sits in the top frame (undefined: the root), and whether it shows. */
  #at: string | number | undefined;
  #hidden = false;
  /** Characters pushed before the current piece (for error positions). */
  #offset = 0;
  /** What a snapshot copies: the open containers that show, and their entries. */
  #open = 0;
  #failure: SyntaxError | undefined;

  /** What {@link snapshot} would copy (containers and entries): a caller weighs it against the text read. */
  get copyCost(): number {
    return this.#open;
  }

  /** Reads `text`, the next piece of the JSON text. Throws a SyntaxError where it cannot be JSON. */
  push(text: string): void {
    if (this.#failure) throw this.#failure;
    try {
      this.#read(text);
    } catch (error) {
      this.#failure = error as SyntaxError;
      throw error;
    } finally {
      this.#offset += text.length;
    }
  }

  /**
   * The value as it is now, as an object of its own: the containers still open are copied (shallow),
   * the finished ones are shared with the next snapshots (they never change again). So a snapshot
   * costs {@link copyCost}, whatever the size of the finished parts.
   */
  snapshot(): unknown {
    this.changed = false;
    const stack = this.#stack;
    if (stack.length === 0) return this.value;
    const root = copy(stack[0]!.container);
    let parent = root;
    for (let i = 1; i < stack.length && !stack[i]!.hidden; i++) {
      const frame = stack[i]!;
      const child = copy(frame.container);
      (parent as Record<string | number, unknown>)[frame.at!] = child;
      parent = child;
    }
    return root;
  }

  #read(text: string): void {
    const n = text.length;
    let i = 0;
    let grew = false;
    while (i < n && this.#mode !== DONE) {
      const mode = this.#mode;
      if (mode === STRING) {
        if (this.#escape !== "") {
          this.#escaped(text[i]!, i + this.#offset);
          i++;
          grew = true;
          continue;
        }
        // A run of plain characters in one slice.
        let j = i;
        for (; j < n; j++) {
          const c = text.charCodeAt(j);
          if (c === 34 || c === 92 || c < 32) break;
        }
        if (j > i) {
          this.#token += text.slice(i, j);
          grew = true;
        }
        if (j === n) break;
        const c = text.charCodeAt(j);
        i = j + 1;
        if (c === 92) this.#escape = "\\";
        else if (c === 34) {
          this.#endString();
          grew = false;
        } else throw new SyntaxError(`Bad control character in string at ${j + this.#offset} in JSON`);
        continue;
      }
      if (mode === NUMBER) {
        let j = i;
        while (j < n && inNumber(text.charCodeAt(j))) j++;
        this.#token += text.slice(i, j);
        i = j;
        // A number at the end of the text may still grow ("12" of "123"): it waits for what ends it.
        if (i === n) break;
        if (!NUMBER_TEXT.test(this.#token)) throw new SyntaxError(`Bad number "${this.#token}" in JSON`);
        this.#place(Number(this.#token));
        this.#afterValue();
        continue;
      }
      const c = text.charCodeAt(i);
      const at = i + this.#offset;
      i++;
      if (mode === LITERAL) {
        const word = this.#token[0] === "t" ? "true" : this.#token[0] === "f" ? "false" : "null";
        if (c !== word.charCodeAt(this.#token.length)) throw unexpected(c, at);
        this.#token += text[i - 1];
        if (this.#token.length === word.length) {
          this.#place(word === "true" ? true : word === "false" ? false : null);
          this.#afterValue();
        }
        continue;
      }
      if (isSpace(c)) continue;
      if (mode === COLON) {
        if (c !== 58) throw new SyntaxError(`Expected ":" at ${at} in JSON`);
        this.#mode = MEMBER;
        continue;
      }
      if (mode === KEY) {
        if (c === 44) continue;
        if (c === 125) this.#close();
        else if (c === 34) this.#startString(true);
        else throw new SyntaxError(`Expected a string at ${at} in JSON`);
        continue;
      }
      if (mode === ELEMENT) {
        if (c === 44) continue;
        if (c === 93) {
          this.#close();
          continue;
        }
      }
      this.#startValue(c, at);
    }
    // A value string that grew in this piece shows what it has so far.
    if (grew && this.#mode === STRING && !this.#isKey) this.#show(this.#token);
  }

  /** A value begins with `c`: TOP, ELEMENT or MEMBER. */
  #startValue(c: number, at: number): void {
    if (c === 123 || c === 91) {
      const array = c === 91;
      const container = array ? [] : {};
      this.#place(container);
      const hidden = this.#hidden;
      this.#stack.push({ container, array, at: this.#at, hidden, size: 0, key: undefined });
      if (!hidden) this.#open++;
      this.#mode = array ? ELEMENT : KEY;
    } else if (c === 34) {
      this.#startString(false);
    } else if (c === 45 || (c >= 48 && c <= 57)) {
      this.#token = String.fromCharCode(c);
      this.#mode = NUMBER;
    } else if (c === 116 || c === 102 || c === 110) {
      this.#token = String.fromCharCode(c);
      this.#mode = LITERAL;
    } else throw unexpected(c, at);
  }

  #startString(isKey: boolean): void {
    this.#token = "";
    this.#shown = 0;
    this.#isKey = isKey;
    this.#mode = STRING;
    // A value string shows at once, empty, and grows.
    if (!isKey) this.#place("");
  }

  #endString(): void {
    const text = this.#token;
    if (this.#isKey) {
      this.#stack.at(-1)!.key = text;
      this.#mode = COLON;
      return;
    }
    this.#show(text);
    this.#afterValue();
  }

  /** The rest of an escape: one character after `\`, or one of the four hex digits after `\u`. */
  #escaped(c: string, at: number): void {
    if (this.#escape === "\\") {
      const plain = ESCAPED[c];
      if (c === "u") this.#escape = "\\u";
      else if (plain !== undefined) {
        this.#token += plain;
        this.#escape = "";
      } else throw new SyntaxError(`Bad escape "\\${c}" at ${at} in JSON`);
      return;
    }
    if (!/^[0-9a-fA-F]$/.test(c)) throw new SyntaxError(`Bad unicode escape at ${at} in JSON`);
    this.#escape += c;
    if (this.#escape.length === 6) {
      // One UTF-16 unit: a surrogate pair arrives as two escapes and joins up as in JSON.parse.
      this.#token += String.fromCharCode(Number.parseInt(this.#escape.slice(2), 16));
      this.#escape = "";
    }
  }

  /** Sets the value string being read, where it was placed. */
  #show(text: string): void {
    if (this.#hidden || text.length === this.#shown) return;
    this.#shown = text.length;
    const frame = this.#stack.at(-1);
    if (frame) (frame.container as Record<string | number, unknown>)[this.#at!] = text;
    else this.value = text;
    this.changed = true;
  }

  /** Puts a value where the text has reached: the root, the next element, or the member of the key read. */
  #place(value: unknown): void {
    const frame = this.#stack.at(-1);
    if (!frame) {
      this.value = value;
      this.#at = undefined;
      this.#hidden = false;
      this.changed = true;
      return;
    }
    const hidden = frame.hidden || (!frame.array && frame.key === "__proto__");
    this.#hidden = hidden;
    if (frame.array) {
      const list = frame.container as unknown[];
      this.#at = list.length;
      if (hidden) return;
      list.push(value);
    } else {
      const object = frame.container as Record<string, unknown>;
      const key = frame.key!;
      this.#at = key;
      if (hidden) return;
      const fresh = !Object.hasOwn(object, key);
      object[key] = value;
      if (!fresh) {
        this.changed = true;
        return;
      }
    }
    frame.size++;
    this.#open++;
    this.changed = true;
  }

  #close(): void {
    const frame = this.#stack.pop()!;
    if (!frame.hidden) this.#open -= 1 + frame.size;
    this.#afterValue();
  }

  /** A value is whole: what may come next depends on the container it is in. */
  #afterValue(): void {
    const frame = this.#stack.at(-1);
    if (!frame) {
      this.#mode = DONE;
      return;
    }
    frame.key = undefined;
    this.#mode = frame.array ? ELEMENT : KEY;
  }
}

const ESCAPED: Readonly<Record<string, string>> = Object.assign(Object.create(null), {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
});

function copy(container: Record<string, unknown> | unknown[]): Record<string, unknown> | unknown[] {
  return Array.isArray(container) ? container.slice() : { ...container };
}

function unexpected(c: number, at: number): SyntaxError {
  return new SyntaxError(`Unexpected "${String.fromCharCode(c)}" at ${at} in JSON`);
}

/** The value a prefix of JSON text holds so far (undefined when there is none yet). */
export function parsePartialJson(text: string): unknown {
  const parser = new PartialJson();
  parser.push(text);
  return parser.value;
}
