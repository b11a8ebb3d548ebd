/**
 * Model ids for the native multimodal format (every model can be used through it; these are the
 * ones native to it). Literal unions give autocompletion; `(string & {})` keeps any other id valid.
 */
export type NativeModel =
  | "gemini-3.1-pro-preview"
  | "gemini-3-pro-preview"
  | "gemini-3-flash-preview"
  | "gemini-3.1-flash-image"
  | "gemini-3-pro-image"
  | "gemini-2.5-pro"
  | "gemini-2.5-flash"
  | "gemini-2.5-flash-lite"
  | "gemini-2.5-flash-image"
  | "gemini-2.0-flash"
  | (string & {});
