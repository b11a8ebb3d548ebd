/** What the gateway's account routes answer: its model list and the key's balance. */

import type { Currency, Page } from "../../core/http/index.js";

/** A model the key may use, as GET /v1/models lists it (openai-node's Model, plus new-api's endpoint types). */
export interface Model {
  /** The model identifier, which can be referenced in the API endpoints. */
  id: string;
  /** The Unix timestamp (in seconds) when the model was created (new-api: a fixed date for models it has no card for). */
  created: number;
  /** The object type, which is always "model". */
  object: "model";
  /** Who serves the model (new-api: the channel type serving it, or "custom"). */
  owned_by: string;
  /**
   * The API formats the gateway serves the model on (new-api): "openai" (chat completions),
   * "openai-response", "anthropic" (messages), "gemini" (native), "image-generation",
   * "openai-video", "embeddings", "jina-rerank" ...
   */
  supported_endpoint_types?: string[] | undefined;
}

/** `gw.models.list()` resolves to one page of models (the gateway sends them all at once). */
export type ModelsPage = Page<Model>;

/** The key's account, in the gateway's display unit (GET /v1/dashboard/billing/subscription and /usage). */
export interface Balance {
  /** What the key may spend in all: `used` plus `remaining`. `null`: the key has no limit. */
  total: number | null;
  /** What it has spent. */
  used: number;
  /** What is left. `null`: the key has no limit. */
  remaining: number | null;
  /** The gateway's display unit: "USD", "CNY", or "quota" (new-api's raw units, when it displays TOKENS). */
  currency: Currency;
  /** When the key stops working; `null`: never. */
  expiresAt: Date | null;
}
