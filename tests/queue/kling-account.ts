/**
 * One gateway account's vidgen text-to-video tasks on loopback, as Kling through a relay keeps
 * them: found by task id or by the caller's `external_task_id` (404 / 1203 when unknown). The test
 * decides what happens to each submission: answered, or cut after it was read (the relay may then
 * create the task later, as new-api does: its upstream request outlives the client's, relay/channel/
 * api_request.go at 116255f07, func DoTaskApiRequest).
 */
import { createServer, type Server } from "node:http";

interface KlingTask {
  id: string;
  prompt: string;
  externalId: string | undefined;
  /** When lookups start to see it (ms since the epoch, by this process's clock). */
  visibleAt: number;
}

export interface KlingAccount {
  url: string;
  tasks: KlingTask[];
  /** Paid submissions per prompt. */
  paid(prompt: string): number;
  close(): Promise<void>;
}

/**
 * `decide(body, n)` for the n-th submission (from 1): `answer` (the task exists now and its id is
 * answered), `cut` (the task exists now, the connection is cut before the answer), `late` with
 * `afterMs` (the connection is cut, the task appears `afterMs` later), or `unique` refusals when
 * `uniqueExternalIds` (Kling's per-account rule) sees an id twice.
 */
export async function klingAccount(
  decide: (
    body: { prompt: string; external_task_id?: string },
    n: number,
  ) => { do: "answer" } | { do: "cut" } | { do: "late"; afterMs: number } = () => ({ do: "answer" }),
  { uniqueExternalIds = false } = {},
): Promise<KlingAccount> {
  const tasks: KlingTask[] = [];
  let submissions = 0;
  const server: Server = createServer((req, res) => {
    let text = "";
    req.on("data", (chunk) => {
      text += chunk;
    });
    req.on("end", () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { "content-type": "application/json" });
        res.end(JSON.stringify(body));
      };
      const path = req.url ?? "";
      if (req.method === "POST" && path === "/vidgen/v1/videos/text2video") {
        const body = JSON.parse(text) as { prompt: string; external_task_id?: string };
        if (uniqueExternalIds && tasks.some((t) => t.externalId === body.external_task_id)) {
          return send(400, {
            code: 1201,
            message: "external_task_id already exists",
            request_id: "r",
            data: null,
          });
        }
        const decision = decide(body, ++submissions);
        const task: KlingTask = {
          id: `task-${tasks.length + 1}`,
          prompt: body.prompt,
          externalId: body.external_task_id,
          visibleAt: Date.now() + (decision.do === "late" ? decision.afterMs : 0),
        };
        tasks.push(task);
        if (decision.do !== "answer") return req.socket.destroy();
        return send(200, {
          code: 0,
          message: "SUCCEED",
          request_id: "r",
          data: { task_id: task.id, task_status: "submitted", created_at: 1, updated_at: 1 },
        });
      }
      if (req.method === "GET" && path.startsWith("/vidgen/v1/videos/text2video/")) {
        const key = decodeURIComponent(path.split("/").pop() ?? "");
        const task = tasks.find((t) => (t.id === key || t.externalId === key) && Date.now() >= t.visibleAt);
        if (!task) return send(404, { code: 1203, message: "task_not_exist", request_id: "r", data: null });
        return send(200, {
          code: 0,
          message: "SUCCEED",
          request_id: "r",
          data: {
            task_id: task.id,
            task_status: "succeed",
            task_status_msg: "",
            created_at: 1,
            updated_at: 2,
            task_info: task.externalId === undefined ? {} : { external_task_id: task.externalId },
            task_result: {
              videos: [
                {
                  id: "v",
                  url: `https://cdn.example/${task.prompt.replaceAll(" ", "-")}.mp4`,
                  duration: "5",
                },
              ],
            },
          },
        });
      }
      send(404, { error: { message: "no route" } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    tasks,
    paid: (prompt) => tasks.filter((t) => t.prompt === prompt).length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
