/** The frame every customer e-mail shares: the HTML layout, its text twin and the inline QR. */
import { garage } from "../../../shared/garage";
import { type EmailCatalogue } from "./catalogue";
import { escapeHtml } from "./format";

export type RenderedEmail = {
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: EmailAttachment[];
};

export const QR_CID = "pass-qr";
export const mapsUrl = `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(garage.address)}`;

export function base64(bytes: Uint8Array): string {
  let s = "";
  for (const b of bytes) s += String.fromCharCode(b);
  return btoa(s);
}

export type Row = { label: string; value: string; href?: string };

export function layout(t: EmailCatalogue, lang: string, title: string, paragraphs: string[], rows: Row[], extraHtml: string): string {
  const table = rows
    .map(
      (r) =>
        `<tr><td style="padding:6px 12px 6px 0;color:#555;vertical-align:top">${escapeHtml(r.label)}</td>` +
        `<td style="padding:6px 0;font-weight:600">${escapeHtml(r.value)}${r.href ? `<br><a href="${escapeHtml(r.href)}" style="color:#1d4ed8;font-weight:400">${escapeHtml(r.href === mapsUrl ? t.labels.maps : r.href)}</a>` : ""}</td></tr>`,
    )
    .join("");
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body style="margin:0;padding:24px;background:#f3f4f6;font-family:Arial,Helvetica,sans-serif;color:#111">
<div style="max-width:560px;margin:0 auto;background:#fff;border-radius:12px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(title)}</h1>
${paragraphs.map((p) => `<p style="margin:0 0 12px;line-height:1.5">${escapeHtml(p).replace(/\n/g, "<br>")}</p>`).join("\n")}
<table style="border-collapse:collapse;margin:16px 0;font-size:15px">${table}</table>
${extraHtml}
<p style="margin:24px 0 0;color:#555;font-size:13px">${escapeHtml(garage.name)} · ${escapeHtml(garage.address)} · ${escapeHtml(garage.phoneDisplay)}</p>
</div></body></html>`;
}

export const textOf = (paragraphs: string[], rows: Row[], tail: string[]) =>
  [...paragraphs, "", ...rows.map((r) => `${r.label}: ${r.value}${r.href ? `\n  ${r.href}` : ""}`), "", ...tail].join("\n");
