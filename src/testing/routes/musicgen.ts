/**
 * The music API: submissions answer `{code: "success", message: "", data: "<task id>"}`; the task
 * record (single and batch fetch) moves NOT_START -> IN_PROGRESS (clips `streaming`) -> SUCCESS
 * (clips `complete`) | FAILURE, one step per poll. The v1 operations answer in the upstream shapes
 * (raw clips, `{id}`), and the clip files are small fake wav/mp4 bodies.
 */
import type { MockContext, Route } from "../context.js";
import { json } from "../http.js";
import {
  createTask,
  findTask,
  type MockTask,
  type NEW_API_STATUS,
  newApiStatus,
  poll,
  seconds,
} from "../tasks.js";
import { fileURL } from "./files.js";
import { musicUploadRoutes } from "./musicgen-uploads.js";
import { type Rules, rejectBody } from "./task-rules.js";

const CLIP_STATUS = {
  queued: "queued",
  running: "streaming",
  succeeded: "complete",
  failed: "error",
} as const;
const ACTIONS = { music: "MUSIC", "music.lyrics": "LYRICS" } as const;
const SONG_SECONDS = 120.5;

const str = { required: true, type: "string" } as const;
const V1_RULES: Rules = {
  prompt: { type: "string", required: true },
  mv: str,
  title: { type: "string", required: true },
  tags: { type: "string", required: true },
  continue_at: { required: true, type: "integer" },
  continue_clip_id: { type: "string", required: true },
  task: str,
};

type ClipState = (typeof CLIP_STATUS)[keyof typeof CLIP_STATUS];

/** A clip in the upstream shape; `type` is gen, concat or a stem. */
function clip(
  origin: string,
  id: string,
  input: Record<string, unknown>,
  status: ClipState,
  type = "gen",
): Record<string, unknown> {
  const complete = status === "complete";
  const file = (name: string) => fileURL(origin, name);
  return {
    id,
    title: String(input.title ?? "") || "A genway mock song",
    status,
    audio_url: complete ? file(`${id}.mp3`) : `${origin}/files/stream-${id}.mp3`,
    image_url: file(`${id}-cover-400x400.png`),
    video_url: complete ? file(`${id}.mp4`) : "",
    model_name: typeof input.mv === "string" ? input.mv : "chirp-v3-5",
    image_large_url: file(`${id}-cover-1024x1024.png`),
    major_model_version: "v3",
    metadata: {
      tags: String(input.tags ?? ""),
      prompt: String(input.prompt ?? ""),
      duration: complete ? (type === "concat" ? SONG_SECONDS * 2 : SONG_SECONDS) : null,
      error_type: status === "error" ? "moderation" : null,
      error_message: status === "error" ? "Generation failed" : null,
      audio_prompt_id: null,
      gpt_description_prompt: String(input.gpt_description_prompt ?? ""),
      type,
    },
  };
}

function taskData(origin: string, task: MockTask, phase: keyof typeof NEW_API_STATUS): unknown {
  if (phase === "queued") return null;
  const status = CLIP_STATUS[phase];
  if (task.kind === "music.lyrics") {
    return {
      id: task.id,
      text: `[Verse]\n${String(task.input.prompt)}\n[Chorus]\nla la la`,
      title: "Mock Lyrics",
      status,
    };
  }
  const concat = task.input.clip_id !== undefined;
  const count = concat ? 1 : 2;
  return Array.from({ length: count }, (_, i) =>
    clip(origin, `${task.id}-${i}`, task.input, status, concat ? "concat" : "gen"),
  );
}

function record(context: MockContext, task: MockTask): Record<string, unknown> {
  const view = poll(context.state, task);
  const { phase, progress } = view;
  return {
    task_id: task.id,
    notify_hook: String(task.input.notify_hook ?? ""),
    action: ACTIONS[task.kind as keyof typeof ACTIONS] ?? "MUSIC",
    status: newApiStatus(task, view),
    fail_reason: phase === "failed" ? task.failure : "",
    submit_time: seconds(task.createdAt),
    start_time: phase === "queued" ? 0 : seconds(task.createdAt),
    finish_time: phase === "succeeded" || phase === "failed" ? seconds(task.updatedAt) : 0,
    progress: `${progress}%`,
    data: taskData(context.url.origin, task, phase),
  };
}

/** Relays answer message "SUCCEED" even when the task failed: only `status` tells. */
const envelope = (data: unknown, failed = false) =>
  json({ code: "success", message: failed ? "SUCCEED" : "", data });

function submit(path: string, kind: string, rules: Rules): Route {
  return {
    method: "POST",
    pattern: new RegExp(`^/musicgen/submit/${path}$`),
    handle(context) {
      const rejected = rejectBody(context, rules);
      if (rejected) return rejected;
      return envelope(createTask(context.state, kind, context.body, "music-").id);
    },
  };
}

function fakeFile(type: string, size: number): Response {
  const bytes = new Uint8Array(size);
  if (type === "audio/wav") bytes.set([0x52, 0x49, 0x46, 0x46, 0, 0, 0, 0, 0x57, 0x41, 0x56, 0x45]);
  else bytes.set([0, 0, 0, 0x18, 0x66, 0x74, 0x79, 0x70, 0x69, 0x73, 0x6f, 0x6d]);
  return new Response(bytes, { headers: { "content-type": type, "content-length": String(size) } });
}

export const musicgenRoutes: Route[] = [
  submit("music", "music", { mv: str }),
  submit("lyrics", "music.lyrics", { prompt: str }),
  submit("concat", "music", { clip_id: str, is_infill: { type: "boolean" } }),
  {
    method: "GET",
    pattern: /^\/musicgen\/fetch\/(?<id>[^/]+)$/,
    handle(context) {
      const task = findTask(context.state, decodeURIComponent(context.params.id!), ["music", "music.lyrics"]);
      if (!task) return context.fail({ status: 400, code: "task_not_exist", message: "task_not_exist" });
      const body = record(context, task);
      return envelope(body, body.status === "FAILURE");
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/fetch$/,
    handle(context) {
      const rejected = rejectBody(context, {
        ids: { required: true, type: "array" },
        action: { required: true, oneOf: ["MUSIC", "LYRICS"] },
      });
      if (rejected) return rejected;
      const { ids, action } = context.body as { ids: unknown[]; action: string };
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
      const body = context.body as Record<string, unknown>;
      const stems = body?.task === "gen_stem";
      const rejected = rejectBody(
        context,
        stems
          ? {
              continue_clip_id: str,
              mv: str,
              stem_task: str,
              stem_type_id: { required: true, type: "integer" },
              title: { type: "string", required: true },
            }
          : { ...V1_RULES, make_instrumental: { required: true, type: "boolean" } },
      );
      if (rejected) return rejected;
      const id = context.state.nextId("gen-");
      const clips = stems
        ? ["vocals", "instrumental"].map((part) =>
            clip(
              context.url.origin,
              `${id}-${part}`,
              { ...body, title: `${body.title || "Stem"} (${part})` },
              "complete",
              `stem_${part}`,
            ),
          )
        : [0, 1].map((i) => clip(context.url.origin, `${id}-${i}`, body, "complete"));
      return json({
        id,
        clips,
        metadata: { ...body },
        major_model_version: "v3",
        status: "complete",
        created_at: new Date().toISOString(),
        batch_size: clips.length,
      });
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/generate\/concat$/,
    handle(context) {
      const rejected = rejectBody(context, { clip_id: str, is_infill: { required: true, type: "boolean" } });
      return (
        rejected ??
        json(
          clip(
            context.url.origin,
            context.state.nextId("concat-"),
            context.body as Record<string, unknown>,
            "complete",
            "concat",
          ),
        )
      );
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/generate\/lyrics\/$/,
    handle(context) {
      return rejectBody(context, V1_RULES) ?? json({ id: context.state.nextId("lyrics-") });
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgen\/persona\/create\/$/,
    handle(context) {
      const rejected = rejectBody(context, {
        root_clip_id: str,
        name: { required: true, type: "string" },
        description: { required: true, type: "string" },
        clips: { required: true, type: "array" },
        is_public: { required: true, type: "boolean" },
      });
      return rejected ?? json({ id: context.state.nextId("persona-"), ...(context.body as object) });
    },
  },
  {
    method: "GET",
    pattern: /^\/musicgen\/feed\/(?<ids>[^/]+)$/,
    handle(context) {
      const ids = decodeURIComponent(context.params.ids!).split(",");
      return json(ids.map((id) => clip(context.url.origin, id, {}, "complete")));
    },
  },
  {
    method: "GET",
    pattern: /^\/musicgen\/lyrics\/(?<id>[^/]+)$/,
    handle(context) {
      const id = decodeURIComponent(context.params.id!);
      return json({ id, text: "[Verse]\nla la la", title: "Mock Lyrics", status: "complete" });
    },
  },
  {
    method: "GET",
    pattern: /^\/musicgen\/act\/(?<what>mp4|wav|timing)\/(?<id>[^/]+)$/,
    handle(context) {
      if (context.params.what === "wav") return fakeFile("audio/wav", 4096);
      if (context.params.what === "mp4") return fakeFile("video/mp4", 8192);
      const words = ["la", "la", "la"].map((word, i) => ({
        word,
        success: true,
        start_s: i,
        end_s: i + 0.8,
        p_align: 1,
      }));
      return json({ aligned_words: words, waveform_data: [0.1, 0.5, 0.3], hoot_cer: 0, is_streamed: false });
    },
  },
  ...musicUploadRoutes,
];
