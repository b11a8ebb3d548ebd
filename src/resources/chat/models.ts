/**
 * Model ids the gateway relays for chat. Literal unions give autocompletion; `(string & {})`
 * keeps any other id valid, because the gateway adds models faster than we release.
 */
export type ChatModel =
  | "gpt-5.5"
  | "gpt-5.4"
  | "gpt-5.4-mini"
  | "gpt-5.2"
  | "gpt-5.1"
  | "gpt-4o"
  | "gpt-4o-mini"
  | "gpt-4.1"
  | "gpt-4.1-mini"
  | "gpt-4.1-nano"
  | "gpt-5"
  | "gpt-5-mini"
  | "o4-mini"
  | "claude-opus-4-8"
  | "claude-sonnet-4-6"
  | "claude-sonnet-4-5"
  | "claude-opus-4-1"
  | "gemini-3-pro-preview"
  | "gemini-3-flash-preview"
  | "gemini-2.5-pro"
  | "gemini-2.5-flash"
  | "deepseek-chat"
  | "deepseek-reasoner"
  | "qwen-max"
  | "qwen-vl-max"
  | "gemini-2.5-flash-image"
  | "gpt-4o-image"
  | (string & {});
