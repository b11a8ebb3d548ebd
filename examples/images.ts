/**
 * Images: generic text-to-image, a family A model with a wide size, a download of the result (no
 * API key goes to the file host), an edit with several reference images, and a bound checked
 * before anything is sent. Runs against the built-in mock gateway unless GENWAY_BASE_URL is set:
 *   npx tsx node_modules/genway/examples/images.ts   (in your project)
 *   npm run build && npx tsx examples/images.ts   (in genway's repository)
 */
// expect: generic: 2 images
// expect: dall-e-3: http
// expect: imgA-pro: 1366x768
// expect: downloaded image/png
// expect: edited: 1 image
// expect: rejected before sending: size must be one of
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Genway, { ValidationError } from "genway";
import { fileFromPath, saveToFile } from "genway/node";
import { createMockGateway } from "genway/testing";

const server = process.env.GENWAY_BASE_URL ? undefined : await createMockGateway().listen();
const gw = new Genway(server ? { baseURL: server.url, apiKey: "sk-genway-mock" } : {});
const dir = await mkdtemp(join(tmpdir(), "genway-images-"));

// The generic variant: no model, prompt up to 1000 characters, n 1-10, three square sizes.
const generic = await gw.images.generate({
  prompt: "A lighthouse at dawn, watercolour",
  n: 2,
  size: "512x512",
});
console.log(`generic: ${generic.data.length} images, e.g. ${generic.data[0]?.url}`);

// Any other model id is sent as given (its sizes are the gateway's to judge).
const dalle = await gw.images.generate({ model: "dall-e-3", prompt: "A sea otter", size: "1792x1024" });
console.log(`dall-e-3: ${dalle.data[0]?.url}`);

// Family A (imgA-base, imgA-dev, imgA-pro) and B (imgB-standard, imgB-seasonal) take twelve sizes.
const wide = await gw.images.generate({
  model: "imgA-pro",
  prompt: "The same lighthouse, at night",
  size: "1366x768",
});
console.log(`imgA-pro: ${wide.data[0]?.url?.match(/\d+x\d+/)?.[0]}`);

// Result URLs live on a file host, not on baseURL: download() sends no Authorization header.
const image = await gw.images.download(wide.data[0]!);
const saved = await saveToFile(image, join(dir, "lighthouse.png"));
console.log(`downloaded ${image.contentType}: ${saved.bytes} bytes`);

// Editing is multipart: one image or several, any Uploadable (here a file on disk and a Blob).
const second = await (await gw.images.download(generic.data[1]!)).blob();
const edited = await gw.images.edit({
  model: "flux-kontext-pro",
  prompt: "Add a red sailing boat",
  image: [await fileFromPath(saved.path), second],
  aspect_ratio: "16:9",
});
console.log(`edited: ${edited.data.length} image, ${edited.data[0]?.url}`);

// Each family's bounds are checked before the request leaves.
try {
  await gw.images.generate({ model: "imgA-dev", prompt: "too small", size: "256x256" as "1024x1024" });
} catch (error) {
  if (!(error instanceof ValidationError)) throw error;
  console.log(`rejected before sending: ${error.issues[0]?.path} ${error.issues[0]?.message}`);
}

await rm(dir, { recursive: true, force: true });
await server?.close();
