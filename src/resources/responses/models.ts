/**
 * Model ids the gateway relays in the Responses format (models that accept only this format among
 * them). Literal unions give autocompletion; `(string & {})` keeps any other id valid.
 */
export type ResponsesModel =
  | "gpt-5.5"
  | "gpt-5.5-pro"
  | "gpt-5.4"
  | "gpt-5.4-mini"
  | "gpt-5.4-nano"
  | "gpt-5.2-pro"
  | "gpt-5.1-codex-max"
  | "gpt-5"
  | "gpt-5-mini"
  | "gpt-5-nano"
  | "gpt-5-pro"
  | "gpt-5-codex"
  | "gpt-4.1"
  | "gpt-4.1-mini"
  | "gpt-4o"
  | "gpt-4o-mini"
  | "o3"
  | "o3-pro"
  | "o4-mini"
  | "o3-deep-research"
  | "o4-mini-deep-research"
  | "codex-mini-latest"
  | (string & {});
