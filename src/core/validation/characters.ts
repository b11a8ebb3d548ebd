/**
 * What the spec calls a character: a Unicode code point. "😀" is one character, though JavaScript's
 * `length` counts it as two UTF-16 units and UTF-8 as four bytes. Every place that bounds or prices
 * text by its characters counts with this one function (speech input: the request's validation, its
 * worst-case price, the mock gateway's check and the CLI's), so they cannot disagree.
 */
export function characterCount(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length - 1; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one code point in two units; a lone one counts alone.
    if (unit >= 0xd800 && unit <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
