/**
 * A text a stream assembles from its deltas (a chat message's content, refusal, reasoning). Each
 * delta is kept in a block that is joined once it holds BLOCK deltas, rather than added to one
 * string per delta: `text + delta` builds a rope of two heap objects per delta that lives as long
 * as the stream, and every young-generation collection copies all of it (a 5,000-chunk chat stream
 * spent more than twice as long in the garbage collector as one that kept no text). A joined block
 * is one string, and its deltas die young.
 */

/** Deltas per joined block: small enough to die young, large enough to leave a short rope. */
const BLOCK = 64;

export class StreamText {
  /** The joined blocks. */
  #text = "";
  /** The block being filled (reused: a block joined leaves no array behind), and its deltas so far. */
  readonly #block: string[] = new Array(BLOCK);
  #count = 0;

  add(delta: string): void {
    this.#block[this.#count++] = delta;
    if (this.#count === BLOCK) {
      this.#text += this.#block.join("");
      this.#count = 0;
    }
  }

  /** The text so far. */
  toString(): string {
    if (this.#count > 0) {
      this.#text += this.#block.slice(0, this.#count).join("");
      this.#count = 0;
    }
    return this.#text;
  }
}
