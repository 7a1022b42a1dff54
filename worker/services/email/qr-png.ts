// @ts-expect-error qrcode's core encoder has no types of its own (CommonJS, no DOM or Node APIs).
import { create } from "qrcode/lib/core/qrcode.js";
import { concatBytes, crc32 } from "../../lib/bytes";

type QrMatrix = { modules: { size: number; data: Uint8Array } };

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

async function deflate(bytes: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const stream = new Blob([bytes]).stream().pipeThrough(new CompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * The QR code of `text` as a black-on-white PNG (8-bit grayscale): e-mail clients show PNG inline,
 * many block SVG. `scale` pixels per module, with the standard 4-module quiet zone.
 */
export async function qrPng(text: string, scale = 8): Promise<Uint8Array> {
  const { modules } = create(text, { errorCorrectionLevel: "M" }) as QrMatrix;
  const quiet = 4;
  const side = (modules.size + 2 * quiet) * scale;
  const raw = new Uint8Array(side * (side + 1));
  for (let y = 0; y < side; y++) {
    const row = y * (side + 1);
    raw[row] = 0; // filter: none
    const my = Math.floor(y / scale) - quiet;
    for (let x = 0; x < side; x++) {
      const mx = Math.floor(x / scale) - quiet;
      const dark = my >= 0 && my < modules.size && mx >= 0 && mx < modules.size && modules.data[my * modules.size + mx];
      raw[row + 1 + x] = dark ? 0 : 255;
    }
  }
  return grayPng(side, side, raw);
}

/** An 8-bit grayscale PNG of `raw`: each row a filter byte (0) then one byte per pixel. */
export async function grayPng(width: number, height: number, raw: Uint8Array<ArrayBuffer>): Promise<Uint8Array> {
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, width);
  hv.setUint32(4, height);
  header.set([8, 0, 0, 0, 0], 8); // bit depth 8, grayscale, deflate, no filter set, no interlace
  const parts = [
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", await deflate(raw)),
    chunk("IEND", new Uint8Array()),
  ];
  return concatBytes(parts);
}
