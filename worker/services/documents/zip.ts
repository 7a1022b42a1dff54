import { concatBytes, crc32 } from "../../lib/bytes";

/**
 * A ZIP archive of stored (uncompressed) files: the month's export is a few dozen small XML files and
 * two CSVs, so compression would save little and a writer of our own needs no package (PKWARE APPNOTE 6.3, method 0).
 */
export type ZipEntry = { name: string; content: string | Uint8Array };

/** DOS date and time of the entries (all alike): the export's own instant is in the file names. */
const DOS_TIME = 0;
const DOS_DATE = (2026 - 1980) << 9 | (1 << 5) | 1;

/** The fields a local header and its central directory entry share, in the same order from `at`: flags, method, time, date, CRC, sizes, the name's length. */
function entryFields(v: DataView, at: number, crc: number, size: number, nameLength: number) {
  v.setUint16(at, 0x0800, true); // names in UTF-8
  v.setUint16(at + 2, 0, true); // stored
  v.setUint16(at + 4, DOS_TIME, true);
  v.setUint16(at + 6, DOS_DATE, true);
  v.setUint32(at + 8, crc, true);
  v.setUint32(at + 12, size, true); // compressed
  v.setUint32(at + 16, size, true); // uncompressed
  v.setUint16(at + 20, nameLength, true);
}

export function zip(entries: ZipEntry[]): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const locals: Uint8Array[] = [];
  const centrals: Uint8Array[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = encoder.encode(entry.name);
    const data = typeof entry.content === "string" ? encoder.encode(entry.content) : entry.content;
    const crc = crc32(data);
    const local = new Uint8Array(30 + name.length + data.length);
    const lv = new DataView(local.buffer);
    lv.setUint32(0, 0x04034b50, true);
    lv.setUint16(4, 20, true);
    entryFields(lv, 6, crc, data.length, name.length);
    lv.setUint16(28, 0, true);
    local.set(name, 30);
    local.set(data, 30 + name.length);
    const central = new Uint8Array(46 + name.length);
    const cv = new DataView(central.buffer);
    cv.setUint32(0, 0x02014b50, true);
    cv.setUint16(4, 20, true);
    cv.setUint16(6, 20, true);
    entryFields(cv, 8, crc, data.length, name.length);
    cv.setUint32(42, offset, true);
    central.set(name, 46);
    locals.push(local);
    centrals.push(central);
    offset += local.length;
  }
  const centralSize = centrals.reduce((s, c) => s + c.length, 0);
  const end = new Uint8Array(22);
  const ev = new DataView(end.buffer);
  ev.setUint32(0, 0x06054b50, true);
  ev.setUint16(8, entries.length, true);
  ev.setUint16(10, entries.length, true);
  ev.setUint32(12, centralSize, true);
  ev.setUint32(16, offset, true);
  return concatBytes([...locals, ...centrals, end]);
}

/** The entries of a stored ZIP (what `zip` writes), for tests and checks. */
export function unzip(bytes: Uint8Array): { name: string; content: Uint8Array; crcOk: boolean }[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out = [];
  let at = 0;
  while (at + 4 <= bytes.length && view.getUint32(at, true) === 0x04034b50) {
    const crc = view.getUint32(at + 14, true);
    const size = view.getUint32(at + 18, true);
    const nameLength = view.getUint16(at + 26, true);
    const extra = view.getUint16(at + 28, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 30, at + 30 + nameLength));
    const content = bytes.subarray(at + 30 + nameLength + extra, at + 30 + nameLength + extra + size);
    out.push({ name, content, crcOk: crc32(content) === crc });
    at += 30 + nameLength + extra + size;
  }
  return out;
}
