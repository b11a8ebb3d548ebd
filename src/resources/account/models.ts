/** gw.models: the models the gateway serves to this key (GET /v1/models, new-api controller/model.go: ListModels). */

import { MalformedResponseError } from "../../core/errors/index.js";
import type { ClientContext, PagePromise, RequestOptions } from "../../core/http/index.js";
import { pageOf } from "../../core/http/index.js";
import type { Model } from "./types.js";

/** The `data` list of `{ success: true, data: [...], object: "list" }` (new-api) or `{ object: "list", data }` (OpenAI). */
function modelsOf(body: unknown): Model[] {
  const data = (body as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) {
    throw new MalformedResponseError("GET /v1/models answered without a `data` list of models.", { body });
  }
  return data.filter((m): m is Model => typeof (m as Model | undefined)?.id === "string");
}

/** `gw.models`: the model list of the gateway. */
export class Models {
  constructor(private readonly client: ClientContext) {}

  /**
   * GET /v1/models: the models this key may use. Await it for the page (`.data`), or iterate it:
   * `for await (const model of gw.models.list())`. Prices are `gw.prices` (docs/models.md).
   */
  list(options?: RequestOptions): PagePromise<Model> {
    return pageOf(
      this.client.transport.json({ method: "GET", path: "/v1/models", policy: "idempotent" }, options),
      modelsOf,
    );
  }
}
