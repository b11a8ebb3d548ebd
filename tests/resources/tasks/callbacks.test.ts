import { describe, expect, it } from "vitest";
import { MalformedResponseError, parseTaskCallback } from "../../../src/index.js";
import { loopback } from "../../support/index.js";

describe("parseTaskCallback", () => {
  it("reads a vidgen callback (bare record or envelope); the kind is guessed or given", () => {
    const record = {
      task_id: "822953089408827433",
      task_status: "succeed",
      task_status_msg: "",
      task_info: {},
      task_result: { videos: [{ id: "v", url: "https://cdn.test/v.mp4", duration: "5.1" }] },
      created_at: 1764235825029,
      updated_at: 1764236054436,
    };
    expect(parseTaskCallback(record)).toMatchObject({
      kind: "vidgen",
      id: "822953089408827433",
      status: "succeeded",
      progress: undefined,
      result: { videos: [{ url: "https://cdn.test/v.mp4" }] },
    });
    const envelope = {
      code: 0,
      message: "SUCCEED",
      request_id: "r",
      data: { ...record, task_status: "failed", task_status_msg: "policy", task_result: {} },
    };
    expect(parseTaskCallback(envelope, "vidgen.image2video")).toMatchObject({
      kind: "vidgen.image2video",
      status: "failed",
      reason: "policy",
      result: undefined,
      raw: envelope,
    });
  });

  it("reads a music notify_hook payload, as an object, JSON text or bytes", () => {
    const record = {
      task_id: "346c5d10",
      notify_hook: "https://me.test/hook",
      action: "MUSIC",
      status: "IN_PROGRESS",
      fail_reason: "",
      progress: "40%",
      data: [{ id: "e989", status: "streaming" }],
    };
    const expected = {
      kind: "music",
      id: "346c5d10",
      status: "running",
      progress: 40,
      result: [{ id: "e989", status: "streaming" }],
    };
    expect(parseTaskCallback(record)).toMatchObject(expected);
    expect(parseTaskCallback(JSON.stringify({ code: "success", message: "", data: record }))).toMatchObject(
      expected,
    );
    expect(parseTaskCallback(new TextEncoder().encode(JSON.stringify(record)))).toMatchObject(expected);
    expect(
      parseTaskCallback({ ...record, action: "LYRICS", status: "FAILURE", fail_reason: "banned words" }),
    ).toMatchObject({
      kind: "music.lyrics",
      status: "failed",
      reason: "banned words",
    });
  });

  it("reads what the mock's queries answer, for every family", async () => {
    const { gw, mock } = await loopback({}, { taskSteps: 1 });
    const video = await gw.videos.create({ model: "vidA-2.5", prompt: "p" });
    const vidgen = await gw.vidgen.videos.textToVideo({ prompt: "p" });
    const song = await gw.musicgen.submit.music({
      prompt: "p",
      title: "t",
      tags: "x",
      mv: "m",
    });
    const bodies = [await video.retrieve(), await vidgen.retrieve(), await song.retrieve()].map((s) => s.raw);
    expect(bodies.map((body) => parseTaskCallback(body))).toEqual([
      expect.objectContaining({ kind: "video", id: video.id, status: "succeeded" }),
      expect.objectContaining({ kind: "vidgen", id: vidgen.id, status: "succeeded" }),
      expect.objectContaining({ kind: "music", id: song.id, status: "succeeded" }),
    ]);
    expect(mock.requests).toHaveLength(6);
  });

  it.each([
    ["not JSON", "task done!", /not JSON/],
    ["a JSON array", "[1,2]", /expected a JSON object/],
    ["null", null, /expected a JSON object/],
    ["an envelope without a record", { code: 0, message: "SUCCEED", data: null }, /no task record/],
    ["a record without a status", { task_id: "x" }, /no task record/],
    ["an empty task id", { task_id: "", status: "SUCCESS" }, /task id is empty/],
  ])("rejects %s with a clear MalformedResponseError", (_name, body, message) => {
    expect(() => parseTaskCallback(body)).toThrow(MalformedResponseError);
    expect(() => parseTaskCallback(body)).toThrow(message);
  });
});
