/** Files in and out: Uploadable to File, MIME sniffing, binary responses, downloads and requests to foreign (presigned) URLs that never carry the key. */

export * from "./binary.js";
export * from "./download.js";
export * from "./foreign.js";
export * from "./sniff.js";
export * from "./uploads.js";
