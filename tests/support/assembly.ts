/**
 * The assembler tests' one tool: events of a chat format, written as that format's upstream frames
 * them, replayed through the format's stream; what the iteration yielded and what snapshot() holds.
 */
import { expect } from "vitest";
import { collect } from "./loopback.js";
import { replay } from "./stub.js";

export type Format = "chat" | "messages" | "responses" | "native";

/** The events as an SSE body in the format's framing: named for Messages and Responses, else data only. */
function sseBody(format: Format, events: readonly object[]): string {
  const named = format === "messages" || format === "responses";
  return events
    .map((event) => {
      const data = `data: ${JSON.stringify(event)}\n\n`;
      return named ? `event: ${(event as { type?: string }).type}\n${data}` : data;
    })
    .join("");
}

function open(format: Format, body: string): Promise<AsyncIterable<unknown> & { snapshot(): unknown }> {
  const gw = replay(body);
  switch (format) {
    case "chat":
      return gw.chat.completions.create({
        model: "m",
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      });
    case "messages":
      return gw.messages.create({
        model: "m",
        max_tokens: 64,
        messages: [{ role: "user", content: "hi" }],
        stream: true,
      });
    case "responses":
      return gw.responses.create({ model: "m", input: "hi", stream: true });
    case "native":
      return gw.native.streamGenerateContent({ model: "m", contents: [{ parts: [{ text: "hi" }] }] });
  }
}

/** Reads `events` through the format's stream to their end: the events it yielded, and its snapshot(). */
export async function assemble(
  format: Format,
  events: readonly object[],
): Promise<{ yielded: unknown[]; snapshot: any }> {
  const stream = await open(format, sseBody(format, events));
  const yielded = await collect(stream);
  return { yielded, snapshot: stream.snapshot() };
}

/**
 * One row of an assembler's table test: the events that set up what the row's event edits, the
 * event, and what the snapshot holds after it (a partial match), or "unchanged": the event changes
 * nothing the snapshot holds (it still reaches the iteration).
 */
export interface Row {
  before?: readonly object[];
  event: object;
  after: object | "unchanged";
}

/** Runs a row: the event reaches the iteration, and changes the snapshot as the row says (and only then). */
export async function checkRow(format: Format, { before = [], event, after }: Row): Promise<void> {
  const without = await assemble(format, before);
  const withIt = await assemble(format, [...before, event]);
  expect(withIt.yielded.at(-1)).toEqual(event);
  if (after === "unchanged") expect(withIt.snapshot).toEqual(without.snapshot);
  else {
    expect(withIt.snapshot).not.toEqual(without.snapshot);
    expect(withIt.snapshot).toMatchObject(after);
  }
}
