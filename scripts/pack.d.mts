/** The path of the tarball packed into `destination` (an existing folder); see pack.mjs. */
export function packInto(destination: string): string;
