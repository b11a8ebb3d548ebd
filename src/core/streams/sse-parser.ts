/**
 * The event-stream grammar of the HTML spec over decoded text, with no I/O: LF, CR and CRLF line
 * ends, comments, `event:` / `data:` / `id:` / `retry:` fields, multi-line data, a missing final
 * blank line, and a bound on the size of one event. Two things beyond the grammar, for what relays
 * really send: a comment that stands alone (`: PING`, a keep-alive) is reported, and a line that
 * starts with `{` (JSON written onto the stream with no framing, as new-api does with its error on
 * /v1/messages) is reported instead of being ignored as an unknown field. sse.ts reads a response
 * body through it; see docs/reliability.md.
 */

/** One event of the stream. `event` is the `event:` name (undefined: the default type). */
export interface SSEMessage {
  event: string | undefined;
  data: string;
  id: string | undefined;
}

/**
 * The `event` of a comment block with no field (`: PING` and its blank line): a relay keeping an
 * idle connection open. No wire can send it as a name: a name never holds a line break.
 */
export const KEEP_ALIVE = "\n:keep-alive";
/**
 * The event name of a keep-alive sent as an event: Anthropic's `event: ping` (which new-api passes
 * through on /v1/messages, relay/channel/claude/relay-claude.go HandleStreamResponseData).
 */
const PING = "ping";

/** Whether `message` carries data, as against a keep-alive (a comment block, or an event named ping). */
export function isKeepAlive(message: SSEMessage): boolean {
  return message.event === KEEP_ALIVE || message.event === PING;
}
/**
 * The `event` of a line that starts with `{`: JSON written onto the stream without `data:` (new-api
 * writes its deferred error that way: controller/relay.go, the deferred handler of func Relay); `data` is the line. The grammar
 * would ignore it as an unknown field, and so do the streams unless it is an error envelope.
 */
export const UNFRAMED = "\n:unframed";

/** A single event larger than this (8 MiB of text) is a broken or hostile stream, not data. */
export const MAX_EVENT_SIZE = 8 * 1024 * 1024;

const LF = 10;
const SPACE = 32;
const COLON = 58;
const BRACE = 123;

/**
 * The event-stream grammar over text: `feed` each decoded chunk, `end` at the end of the body; each
 * complete event is pushed onto the `out` array given. Past `max` characters buffered for one event
 * (a line that never ends, data lines with no blank line, one event over the bound) it stops and
 * sets `overflow`; the events before are kept.
 */
export class SSEParser {
  /** The event or its buffered text passed the bound; nothing more is parsed. */
  overflow = false;
  /** A line not ended yet, kept as its pieces (joined once its end arrives: linear in its length). */
  #pieces: string[] = [];
  #piecesLength = 0;
  /** The chunk before ended with CR: a LF starting this one belongs to it (a CRLF cut in two). */
  #skipLF = false;
  #data = "";
  #dataLines = 0;
  #event: string | undefined;
  #id: string | undefined;
  /** The event so far holds a comment and nothing else. */
  #comment = false;

  constructor(private readonly max = MAX_EVENT_SIZE) {}

  /**
   * Part of an event is held, not yet complete: data lines, or a line not ended yet that is no
   * comment. A server sending a large event slowly is sending data; one sending `: PING` is not.
   */
  get midEvent(): boolean {
    return this.#dataLines > 0 || (this.#pieces.length > 0 && this.#pieces[0]!.charCodeAt(0) !== COLON);
  }

  feed(chunk: string, out: SSEMessage[]): void {
    if (this.overflow || chunk === "") return;
    let text = chunk;
    if (this.#skipLF) {
      this.#skipLF = false;
      if (text.charCodeAt(0) === LF) text = text.slice(1);
    }
    if (this.#piecesLength > 0 || this.#pieces.length > 0) {
      // A line continues: join it only once its end is here, with the text up to that end (not the
      // whole chunk, which is read where it is).
      const lf = text.indexOf("\n");
      const cr = text.indexOf("\r");
      if (lf === -1 && cr === -1) {
        this.#keep(text);
        return;
      }
      // After the line's end; a CR's LF goes with it (a CR that ends the text is #skipLF's).
      const end = (cr === -1 || (lf !== -1 && lf < cr) ? lf : cr === lf - 1 ? lf : cr) + 1;
      this.#pieces.push(text.slice(0, end));
      const line = this.#pieces.join("");
      this.#pieces = [];
      this.#piecesLength = 0;
      this.#lines(line, out);
      if (this.overflow || end === text.length) return;
      // A CR that ended the line is not the text's last character: what follows it is known.
      this.#skipLF = false;
      text = text.slice(end);
    }
    this.#lines(text, out);
  }

  /** The lines of `text`; an unfinished last line is kept for the next chunk. */
  #lines(text: string, out: SSEMessage[]): void {
    const rest = text.indexOf("\r") === -1 ? this.#linesLF(text, out) : this.#linesAny(text, out);
    if (rest < text.length && !this.overflow) this.#keep(text.slice(rest));
    if (this.#piecesLength + this.#data.length > this.max) this.overflow = true;
  }

  /** The end of the body: a last line without its line end, and a last event without its blank line, still count. */
  end(out: SSEMessage[]): void {
    if (this.overflow) return;
    const line = this.#pieces.join("");
    this.#pieces = [];
    this.#piecesLength = 0;
    if (line !== "") this.#line(line, 0, line.length, out);
    this.#dispatch(out);
  }

  #keep(piece: string): void {
    this.#pieces.push(piece);
    this.#piecesLength += piece.length;
    if (this.#piecesLength + this.#data.length > this.max) this.overflow = true;
  }

  /**
   * Lines ended by LF only (every real stream): one indexOf per line, and an event of one `data:`
   * line followed by its blank line is pushed without touching the data buffer. Returns where the
   * unfinished last line starts.
   */
  #linesLF(text: string, out: SSEMessage[]): number {
    let start = 0;
    let lf = text.indexOf("\n");
    while (lf !== -1) {
      if (lf === start) {
        this.#dispatch(out);
        start = lf + 1;
        lf = text.indexOf("\n", start);
        continue;
      }
      if (
        this.#dataLines === 0 &&
        text.charCodeAt(lf + 1) === LF &&
        text.charCodeAt(start) === 100 && // d
        text.charCodeAt(start + 1) === 97 && // a
        text.charCodeAt(start + 2) === 116 && // t
        text.charCodeAt(start + 3) === 97 && // a
        text.charCodeAt(start + 4) === COLON
      ) {
        const data = text.slice(text.charCodeAt(start + 5) === SPACE ? start + 6 : start + 5, lf);
        if (data.length > this.max) {
          this.overflow = true;
          return text.length;
        }
        out.push({ event: this.#event, data, id: this.#id });
        this.#event = undefined;
        this.#id = undefined;
        this.#comment = false;
        start = lf + 2;
        lf = text.indexOf("\n", start);
        continue;
      } else if (
        text.charCodeAt(start) === 101 && // e
        text.charCodeAt(start + 1) === 118 && // v
        text.charCodeAt(start + 2) === 101 && // e
        text.charCodeAt(start + 3) === 110 && // n
        text.charCodeAt(start + 4) === 116 && // t
        text.charCodeAt(start + 5) === COLON
      ) {
        const from = text.charCodeAt(start + 6) === SPACE ? start + 7 : start + 6;
        this.#event = from >= lf ? undefined : text.slice(from, lf);
        this.#comment = false;
      } else {
        this.#line(text, start, lf, out);
        if (this.overflow) return text.length;
      }
      start = lf + 1;
      lf = text.indexOf("\n", start);
    }
    return start;
  }

  /** Lines ended by CR, LF or CRLF (mixed). A CR that ends the text may be half of a CRLF: see #skipLF. */
  #linesAny(text: string, out: SSEMessage[]): number {
    let start = 0;
    let cr = text.indexOf("\r");
    let lf = text.indexOf("\n");
    while (cr !== -1 || lf !== -1) {
      const end = cr === -1 ? lf : lf === -1 ? cr : Math.min(cr, lf);
      if (end === start) this.#dispatch(out);
      else this.#line(text, start, end, out);
      if (this.overflow) return text.length;
      start = end + 1;
      if (end === cr) {
        if (start === text.length) this.#skipLF = true;
        else if (lf === start) start++;
        cr = text.indexOf("\r", start);
      }
      if (lf !== -1 && lf < start) lf = text.indexOf("\n", start);
    }
    return start;
  }

  /** One line that is not blank: a field, a comment, or unframed JSON. */
  #line(text: string, start: number, end: number, out: SSEMessage[]): void {
    const first = text.charCodeAt(start);
    // The two fields of every event first, by their prefix (no slicing of the field name).
    if (first === 100 && text.startsWith("data:", start)) {
      this.#comment = false;
      const value = text.slice(text.charCodeAt(start + 5) === SPACE ? start + 6 : start + 5, end);
      this.#data = this.#dataLines === 0 ? value : `${this.#data}\n${value}`;
      this.#dataLines++;
      if (this.#data.length > this.max) this.overflow = true;
      return;
    }
    if (first === 101 && text.startsWith("event:", start)) {
      this.#comment = false;
      const from = text.charCodeAt(start + 6) === SPACE ? start + 7 : start + 6;
      this.#event = from >= end ? undefined : text.slice(from, end);
      return;
    }
    if (first === COLON) {
      if (this.#dataLines === 0 && this.#event === undefined && this.#id === undefined) this.#comment = true;
      return;
    }
    if (first === BRACE) {
      out.push({ event: UNFRAMED, data: text.slice(start, end), id: undefined });
      return;
    }
    const colon = text.indexOf(":", start);
    const named = colon !== -1 && colon < end;
    const field = text.slice(start, named ? colon : end);
    const from = named ? (text.charCodeAt(colon + 1) === SPACE ? colon + 2 : colon + 1) : end;
    const value = from >= end ? "" : text.slice(from, end);
    this.#comment = false;
    switch (field) {
      case "data":
        this.#data = this.#dataLines === 0 ? value : `${this.#data}\n${value}`;
        this.#dataLines++;
        if (this.#data.length > this.max) this.overflow = true;
        break;
      case "event":
        this.#event = value === "" ? undefined : value;
        break;
      case "id":
        if (!value.includes("\0")) this.#id = value;
        break;
      // `retry:` sets a reconnection delay: genway never reconnects a stream, so it is read and
      // ignored, as is any field the grammar does not know.
    }
  }

  /** A blank line: the event so far is complete (or, with no data, a keep-alive or nothing). */
  #dispatch(out: SSEMessage[]): void {
    if (this.#dataLines > 0) {
      out.push({ event: this.#event, data: this.#data, id: this.#id });
      this.#data = "";
      this.#dataLines = 0;
    } else if (this.#comment) {
      out.push({ event: KEEP_ALIVE, data: "", id: undefined });
      this.#comment = false;
    }
    this.#event = undefined;
    this.#id = undefined;
  }
}
