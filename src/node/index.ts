/** genway/node: helpers that need Node built-ins. Re-exports only. */
export { type FileFromPathOptions, fileFromPath, type SavableBody, saveToFile } from "./files.js";
