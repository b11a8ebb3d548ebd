/** pollTask: the package's name for gw.tasks.wait, from a Task, a handle or its JSON. */
import { describe, expect, it } from "vitest";
import { pollTask, TaskFailedError, ValidationError } from "../../../src/index.js";
import { loopback, thrown } from "../../support/index.js";

describe("pollTask", () => {
  it("waits from the Task itself, its handle and its JSON, as task.wait() does", async () => {
    const { gw } = await loopback();
    const task = await gw.videos.create({ model: "veo3", prompt: "waves" });
    const json = JSON.stringify(task);
    expect(json).toBe(JSON.stringify({ kind: "video", id: task.id }));
    const fromTask = await gw.pollTask(task, { interval: 1 });
    const fromJson = await gw.pollTask(json, { interval: 1 });
    const standalone = await pollTask(gw, JSON.parse(json), { interval: 1 });
    for (const snapshot of [fromTask, fromJson, standalone]) {
      expect(snapshot).toMatchObject({ kind: "video", id: task.id, status: "succeeded" });
      expect((snapshot.result as { output?: string } | undefined)?.output).toMatch(/^http/);
    }
  });

  it("a failed job throws TaskFailedError, as task.wait() does", async () => {
    const { gw } = await loopback();
    const task = await gw.musicgen.submit.music({ gpt_description_prompt: "a song [fail]" });
    const error = await thrown(() => gw.pollTask(JSON.stringify(task), { interval: 1 }));
    expect(error).toBeInstanceOf(TaskFailedError);
    expect(error.task).toEqual(task.toJSON());
  });

  it.each([["not json"], ['{"kind":"video"}'], ['{"kind":"","id":"x"}'], ["null"]])(
    "refuses %s with a ValidationError, sending nothing",
    async (handle) => {
      const { gw, mock } = await loopback();
      const error = await thrown(() => gw.pollTask(handle));
      expect(error).toBeInstanceOf(ValidationError);
      expect(error.message).toMatch(/task: must be a Task, a \{ kind, id \} handle or its JSON/);
      await expect(gw.tasks.retrieve(handle)).rejects.toBeInstanceOf(ValidationError);
      expect(mock.requests).toEqual([]);
    },
  );
});
