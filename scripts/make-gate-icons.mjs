// `node scripts/make-gate-icons.mjs`: draws the gate app's icons (public/gate/*.png) from code: a
// green disc with a white tick on the gate's dark background, safe for "maskable" cropping.
// Plain PNG writing (zlib, CRC-32): no image package, nothing downloaded.
import { writeFileSync } from "node:fs";
import { deflateSync } from "node:zlib";

const BG = [2, 6, 24];
const GREEN = [13, 84, 43];
const WHITE = [255, 255, 255];

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
function chunk(type, data) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** Distance from p to the segment a–b. */
function segment(px, py, ax, ay, bx, by) {
  const t = Math.max(0, Math.min(1, ((px - ax) * (bx - ax) + (py - ay) * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2)));
  return Math.hypot(px - (ax + t * (bx - ax)), py - (ay + t * (by - ay)));
}

/** The colour at (x, y) in a unit square; the drawing stays inside the maskable safe zone (r < 0.4). */
function colourAt(x, y) {
  const r = Math.hypot(x - 0.5, y - 0.5);
  const tick = Math.min(segment(x, y, 0.33, 0.52, 0.45, 0.64), segment(x, y, 0.45, 0.64, 0.68, 0.38));
  if (r < 0.34 && tick < 0.045) return WHITE;
  if (r < 0.34) return GREEN;
  return BG;
}

function png(size) {
  const rows = [];
  const samples = 4;
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 3);
    for (let x = 0; x < size; x++) {
      const acc = [0, 0, 0];
      for (let sy = 0; sy < samples; sy++)
        for (let sx = 0; sx < samples; sx++) {
          const c = colourAt((x + (sx + 0.5) / samples) / size, (y + (sy + 0.5) / samples) / size);
          for (let i = 0; i < 3; i++) acc[i] += c[i];
        }
      for (let i = 0; i < 3; i++) row[1 + x * 3 + i] = Math.round(acc[i] / samples ** 2);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.concat(rows), { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

for (const size of [192, 512, 180]) {
  const name = size === 180 ? "apple-touch-icon.png" : `icon-${size}.png`;
  writeFileSync(`public/gate/${name}`, png(size));
  console.log(`public/gate/${name}`);
}
