/**
 * Model ids the gateway relays in the Messages format. Literal unions give autocompletion;
 * `(string & {})` keeps any other id valid, because the gateway adds models faster than we release.
 * new-api also accepts a `-thinking` suffix (e.g. "claude-sonnet-4-5-thinking") and turns thinking on.
 */
export type MessagesModel =
  | "claude-opus-4-8"
  | "claude-opus-4-7"
  | "claude-opus-4-6"
  | "claude-opus-4-5"
  | "claude-opus-4-1"
  | "claude-sonnet-4-6"
  | "claude-sonnet-4-5"
  | "claude-sonnet-4-5-20250929"
  | "claude-sonnet-4-20250514"
  | "claude-haiku-4-5"
  | "claude-haiku-4-5-20251001"
  | "claude-3-7-sonnet-20250219"
  | "claude-3-5-haiku-20241022"
  | (string & {});
