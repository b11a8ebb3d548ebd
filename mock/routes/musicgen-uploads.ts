/**
 * The music upload flow: request a slot (its storage URL is the mock's object store,
 * POST /files/uploads/<id>, standing for a presigned URL: it authorizes by the signature in its
 * form fields and refuses a request carrying an Authorization header), upload the bytes there, report the upload
 * finished, poll the processing status (`processing` -> `complete`, or `error` for a file whose
 * name contains "[fail]"), then initialize the clip. An upload by URL answers its upload id in the
 * task envelope and goes through the same processing and initialize-clip.
 */
import type { MockContext, Route } from "../context.js";
import { json } from "../http.js";
import { createTask, FAIL_MARKER, findTask, type MockTask, poll } from "../tasks.js";
import { rejectBody } from "./task-rules.js";

const KIND = "music.upload";

interface UploadInput {
  extension: string;
  signature: string;
  /** Set by the storage upload. */
  stored?: { name: string; bytes: number };
  /** Set by upload-finish. */
  filename?: string;
  clip_id?: string;
}

function storeError(status: number, code: string, message: string): Response {
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;
  return new Response(xml, { status, headers: { "content-type": "application/xml" } });
}

const upload = (context: MockContext): MockTask | undefined =>
  findTask(context.state, decodeURIComponent(context.params.id!), KIND);
const input = (task: MockTask) => task.input as unknown as UploadInput;
const notFound = (context: MockContext) =>
  context.fail({ status: 404, code: "not_found", message: "Upload not found" });
const refuse = (context: MockContext, message: string) =>
  context.fail({ status: 400, code: 221306, message });

export const musicUploadRoutes: Route[] = [
  {
    method: "POST",
    pattern: /^\/musicgen\/uploads\/audio-url$/,
    handle(context) {
      const rejected = rejectBody(context, { url: { required: true, type: "string" } });
      if (rejected) return rejected;
      // An upload by URL is an upload like any other: its own id, processed, then initialize-clip.
      const url = String((context.body as { url: string }).url);
      const filename = url.split(/[?#]/)[0]!.split("/").pop() || "audio";
      const task = createTask(
        context.state,
        KIND,
        { extension: filename.split(".").pop() ?? "mp3", signature: "" },
        "upload-",
        false,
      );
      task.failure = filename.includes(FAIL_MARKER) ? "The audio could not be processed." : undefined;
      Object.assign(input(task), { filename, stored: { name: filename, bytes: 0 } });
      return json({ code: "success", message: "", data: { id: task.id } });
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgeni\/uploads\/audio$/,
    handle(context) {
      const rejected = rejectBody(context, { extension: { required: true, type: "string" } });
      if (rejected) return rejected;
      const signature = context.state.nextId("sig-");
      const task = createTask(
        context.state,
        KIND,
        { extension: (context.body as UploadInput).extension, signature },
        "upload-",
        false,
      );
      task.failure = undefined; // decided by the uploaded file's name
      return json({
        id: task.id,
        url: `${context.url.origin}/files/uploads/${task.id}`,
        fields: {
          key: `raw_uploads/${task.id}.${input(task).extension}`,
          policy: "mock-policy",
          "x-amz-signature": signature,
        },
      });
    },
  },
  {
    method: "POST",
    pattern: /^\/files\/uploads\/(?<id>[^/]+)$/,
    handle(context) {
      const task = upload(context);
      if (!task) return storeError(404, "NoSuchUpload", "The specified upload does not exist.");
      if (context.request.headers.has("authorization")) {
        return storeError(
          400,
          "InvalidArgument",
          "Only one auth mechanism allowed; a presigned upload needs no Authorization header",
        );
      }
      const form = context.body;
      if (!(form instanceof FormData) || form.get("x-amz-signature") !== input(task).signature) {
        return storeError(403, "AccessDenied", "Invalid according to Policy: bad signature");
      }
      const file = form.get("file");
      if (!(file instanceof Blob)) return refuse(context, "Parameter error: file is required");
      input(task).stored = { name: (file as File).name ?? "", bytes: file.size };
      return new Response(null, { status: 204 });
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgeni\/uploads\/audio\/(?<id>[^/]+)\/upload-finish$/,
    handle(context) {
      const task = upload(context);
      if (!task) return notFound(context);
      const rejected = rejectBody(context, {
        upload_type: { required: true, type: "string" },
        upload_filename: { required: true, type: "string" },
      });
      if (rejected) return rejected;
      if (!input(task).stored)
        return refuse(context, "Parameter error: nothing was uploaded to the storage URL");
      const filename = String((context.body as UploadInput & { upload_filename: string }).upload_filename);
      input(task).filename = filename;
      if (filename.includes(FAIL_MARKER)) task.failure = "The audio could not be processed.";
      task.polls = 0;
      return json({});
    },
  },
  {
    method: "GET",
    pattern: /^\/musicgeni\/uploads\/audio\/(?<id>[^/]+)$/,
    handle(context) {
      const task = upload(context);
      if (!task) return notFound(context);
      const { filename } = input(task);
      if (filename === undefined) return json({ id: task.id, status: "uploading", error_message: null });
      const { phase } = poll(context.state, task);
      const status = phase === "succeeded" ? "complete" : phase === "failed" ? "error" : "processing";
      return json({
        id: task.id,
        status,
        error_message: phase === "failed" ? task.failure : null,
        s3_id: `${task.id}.${input(task).extension}`,
        title: filename.replace(/\.[^.]*$/, ""),
        image_url: null,
      });
    },
  },
  {
    method: "POST",
    pattern: /^\/musicgeni\/uploads\/audio\/(?<id>[^/]+)\/initialize-clip$/,
    handle(context) {
      const task = upload(context);
      if (!task) return notFound(context);
      if (task.failure || task.polls < context.state.options.taskSteps) {
        return refuse(context, "Parameter error: the upload has not finished processing");
      }
      input(task).clip_id ??= context.state.nextId("clip-upload-");
      return json({ clip_id: input(task).clip_id });
    },
  },
];
