/**
 * The music API as new-api relays the Suno-API (shared/upstream §1, suno-*.json): submissions
 * answer `{code: "success", message: "", data: "<task id>"}` and accept any body the upstream does
 * (any mv, no field demanded but a lyrics prompt); the task record (single and batch fetch) moves
 * NOT_START | SUBMITTED | QUEUED -> IN_PROGRESS -> SUCCESS | FAILURE, one step per poll, its clips
 * submitted -> queued -> streaming -> complete | error, and `data: null` before the first upstream
 * poll (NOT_START). Errors are `{code, message, data: null}` with the real HTTP status. The v1
 * operations answer in the raw upstream shapes (a generation's clips, followed through the feed
 * query; lyrics `{id}` followed through the lyrics query), and the act routes answer JSON holding the
 * file's URL, as relays do.
 */
import { limits } from "../../src/index.js";
import type { MockContext, Route } from "../context.js";
import { json } from "../http.js";
import { createTask, findTask, type MockTask, newApiStatus, poll, seconds, type TaskView } from "../tasks.js";
import { fileURL } from "./files.js";
import { musicUploadRoutes } from "./musicgen-uploads.js";

const ACTIONS = { music: "MUSIC", "music.lyrics": "LYRICS" } as const;
/** What a batch fetch may ask for: genway's `limits` (the spec and new-api close the list alike). */
const ACTIONS_TAKEN: readonly unknown[] = limits.musicgen.fetchMany.action.oneOf;
const V1_KIND = "music.v1";
const V1_LYRICS_KIND = "music.lyrics.v1";
const SONG_SECONDS = 120.5;

/** A clip's own word for its task's state (Suno-API maps them to the task words the other way). */
const CLIP_WORDS: Record<string, string> = {
  SUBMITTED: "submitted",
  QUEUED: "queued",
  IN_PROGRESS: "streaming",
  UNKNOWN: "streaming",
  SUCCESS: "complete",
  FAILURE: "error",
};

/** A clip in the raw Suno shape (suno-clip-full.json); `type` is gen, concat or a stem. */
function clip(
  origin: string,
  id: string,
  input: Record<string, unknown>,
  status: string,
  type = "gen",
): Record<string, unknown> {
  const complete = status === "complete";
  const file = (name: string) => fileURL(origin, name);
  const mv = typeof input.mv === "string" && input.mv !== "" ? input.mv : "chirp-v3-0";
  return {
    id,
    title: String(input.title ?? "") || "A genway mock song",
    status,
    audio_url: complete ? file(`${id}.mp3`) : `${origin}/files/stream-${id}.mp3`,
    image_url: file(`${id}-cover-400x400.png`),
    video_url: complete ? file(`${id}.mp4`) : "",
    model_name: mv,
    image_large_url: file(`${id}-cover-1024x1024.png`),
    major_model_version: /v\d/.exec(mv)?.[0] ?? "v3",
    is_video_pending: !complete,
    metadata: {
      tags: String(input.tags ?? ""),
      prompt: String(input.prompt ?? ""),
      gpt_description_prompt:
        typeof input.gpt_description_prompt === "string" ? input.gpt_description_prompt : null,
      audio_prompt_id: null,
      history: null,
      concat_history: null,
      type,
      duration: complete ? (type === "concat" ? SONG_SECONDS * 2 : SONG_SECONDS) : null,
      refund_credits: null,
      stream: true,
      error_type: status === "error" ? "moderation" : null,
      error_message: status === "error" ? "Generation failed" : null,
    },
    created_at: new Date().toISOString(),
    is_public: false,
  };
}

/** The clips a task makes: two songs, one concatenation, or the vocal and instrumental stems. */
function clipsOf(origin: string, task: MockTask, status: string): Array<Record<string, unknown>> {
  const input = task.input;
  if (input.task === "gen_stem") {
    return ["vocals", "instrumental"].map((part) =>
      clip(
        origin,
        `${task.id}-${part}`,
        { ...input, title: `${input.title || "Stem"} (${part})` },
        status,
        `stem_${part}`,
      ),
    );
  }
  if (input.clip_id !== undefined) return [clip(origin, `${task.id}-0`, input, status, "concat")];
  return [0, 1].map((i) => clip(origin, `${task.id}-${i}`, input, status));
}

function taskData(origin: string, task: MockTask, word: string): unknown {
  if (word === "NOT_START") return null;
  const status = CLIP_WORDS[word] ?? "streaming";
  if (task.kind === "music.lyrics") {
    const done = status === "complete";
    return {
      id: task.id,
      text: done ? `[Verse]\n${String(task.input.prompt)}\n[Chorus]\nla la la` : "",
      title: done ? "Mock Lyrics" : "",
      status,
    };
  }
  return clipsOf(origin, task, status);
}

function record(context: MockContext, task: MockTask): Record<string, unknown> {
  const view = poll(context.state, task);
  const word = newApiStatus(task, view);
  const { phase, progress } = view;
  return {
    task_id: task.id,
    notify_hook: String(task.input.notify_hook ?? ""),
    action: ACTIONS[task.kind as keyof typeof ACTIONS] ?? "MUSIC",
    status: word,
    fail_reason: phase === "failed" ? task.failure : "",
    submit_time: seconds(task.createdAt),
    start_time: phase === "queued" ? 0 : seconds(task.createdAt),
    finish_time: phase === "succeeded" || phase === "failed" ? seconds(task.updatedAt) : 0,
    progress: `${progress}%`,
    data: taskData(context.url.origin, task, word),
  };
}

/** Relays answer message "SUCCEED" even when the task failed: only `status` tells. */
const envelope = (data: unknown, failed = false) =>
  json({ code: "success", message: failed ? "SUCCEED" : "", data });

/**
 * A task error as new-api and Suno-API send it: `{code, message, data: null}` with the real status
 * and the message bare (suno-error.json; TaskErrorWrapperLocal adds no request id).
 */
const refuse = (_context: MockContext, message: string, code = "invalid_request") =>
  json({ code, message, data: null }, 400);
const notExist = (context: MockContext) => refuse(context, "task_not_exist", "task_not_exist");

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === "object" && body !== null && !Array.isArray(body);

/** The body as an object, or the upstream's bind error. */
function objectBody(context: MockContext): Record<string, unknown> | Response {
  return isObject(context.body)
    ? context.body
    : refuse(context, "invalid request body: expected a JSON object");
}

function submit(
  path: string,
  kind: string,
  check?: (body: Record<string, unknown>) => string | undefined,
): Route {
  return {
    method: "POST",
    pattern: new RegExp(`^/musicgen/submit/${path}$`),
    handle(context) {
      const body = objectBody(context);
      if (body instanceof Response) return body;
      const problem = check?.(body);
      if (problem) return refuse(context, problem);
      return envelope(createTask(context.state, kind, body, "music-").id);
    },
  };
}

/** A v1 task's clip word at `view`, the waiting ones in turn. */
function v1Word(task: MockTask, view: TaskView): string {
  return CLIP_WORDS[newApiStatus(task, view)] ?? (task.sequence % 2 ? "queued" : "submitted");
}

/** A v1 generation: a task whose clips are read through the feed query, each clip id naming it. */
function generate(context: MockContext, body: Record<string, unknown>, prefix: string): Response {
  const task = createTask(context.state, V1_KIND, body, prefix);
  const clips = clipsOf(context.url.origin, task, "submitted");
  for (const c of clips) context.state.tasks.set(String(c.id), task);
  if (body.clip_id !== undefined) return json(clips[0]);
  return json({
    id: task.id,
    clips,
    metadata: { ...body },
    major_model_version: clips[0]?.major_model_version,
    status: "complete",
    created_at: new Date().toISOString(),
    batch_size: clips.length,
  });
}

const textIfEmpty = (body: Record<string, unknown>, field: string) =>
  typeof body[field] === "string" && body[field] !== "" ? undefined : `${field}_empty`;

export const musicgenRoutes: Route[] = [
  submit("music", "music"),
  // new-api's actionValidate: only the lyrics prompt is demanded (`prompt_empty`).
  submit("lyrics", "music.lyrics", (body) => textIfEmpty(body, "prompt")),
  submit("concat", "music", (body) => textIfEmpty(body, "clip_id")),
  {
    method: "GET",
    pattern: /^\/musicgen\/fetch\/(?<id>[^/]+)$/,
    handle(context) {
      const task = findTask(context.state, decodeURIComponent(context.params.id!), ["music", "music.lyrics"]);
      if (!task) return notExist(context);
      const body = record(context, task);
      return envelope(body, body.status === "FAILURE");
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/fetch$/,
    handle(context) {
      const body = objectBody(context);
      if (body instanceof Response) return body;
      const { ids, action } = body;
      if (!ACTIONS_TAKEN.includes(action)) return refuse(context, "invalid_action");
      if (!Array.isArray(ids)) return refuse(context, "invalid request body: ids must be an array");
      const kind = action === "LYRICS" ? "music.lyrics" : "music";
      const tasks = ids.map((id) => findTask(context.state, String(id), kind)).filter((t) => t !== undefined);
      const records = tasks.map((task) => record(context, task));
      return envelope(
        records,
        records.some((r) => r.status === "FAILURE"),
      );
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/generate$/,
    handle(context) {
      const body = objectBody(context);
      return body instanceof Response ? body : generate(context, body, "gen-");
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/generate\/concat$/,
    handle(context) {
      const body = objectBody(context);
      if (body instanceof Response) return body;
      const problem = textIfEmpty(body, "clip_id");
      return problem ? refuse(context, problem) : generate(context, body, "concat-");
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/generate\/lyrics\/$/,
    handle(context) {
      const body = objectBody(context);
      if (body instanceof Response) return body;
      return json({ id: createTask(context.state, V1_LYRICS_KIND, body, "lyrics-").id });
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/persona\/create\/$/,
    handle(context) {
      const body = objectBody(context);
      if (body instanceof Response) return body;
      const problem = textIfEmpty(body, "root_clip_id");
      return problem ? refuse(context, problem) : json({ id: context.state.nextId("persona-"), ...body });
    },
  },
  {
    method: "GET",
    pattern: /^\/musicgen\/feed\/(?<ids>[^/]+)$/,
    handle(context) {
      const ids = context.params.ids!.split(",").map(decodeURIComponent);
      // Each task moves one step per feed, however many of its clips were asked for.
      const views = new Map<MockTask, string>();
      const clips = [];
      for (const id of ids) {
        const task = findTask(context.state, id, V1_KIND);
        if (!task) continue;
        if (!views.has(task)) views.set(task, v1Word(task, poll(context.state, task)));
        const found = clipsOf(context.url.origin, task, views.get(task)!).find((c) => c.id === id);
        if (found) clips.push(found);
      }
      return json(clips);
    },
  },
  {
    method: "GET",
    pattern: /^\/musicgen\/lyrics\/(?<id>[^/]+)$/,
    handle(context) {
      const id = decodeURIComponent(context.params.id!);
      const task = findTask(context.state, id, V1_LYRICS_KIND);
      if (!task) return notExist(context);
      const status = v1Word(task, poll(context.state, task));
      const done = status === "complete";
      return json({ id, text: done ? "[Verse]\nla la la" : "", title: done ? "Mock Lyrics" : "", status });
    },
  },
  {
    method: "GET",
    pattern: /^\/musicgen\/act\/(?<what>mp4|wav|timing)\/(?<id>[^/]+)$/,
    handle(context) {
      const id = decodeURIComponent(context.params.id!);
      const { what } = context.params;
      if (what !== "timing") return envelope({ url: fileURL(context.url.origin, `${id}.${what}`) });
      const words = ["la", "la", "la"].map((word, i) => ({
        word,
        success: true,
        start_s: i,
        end_s: i + 0.8,
        p_align: 1,
      }));
      return envelope({
        aligned_words: words,
        waveform_data: [0.1, 0.5, 0.3],
        hoot_cer: 0,
        is_streamed: false,
      });
    },
  },
  ...musicUploadRoutes,
];
