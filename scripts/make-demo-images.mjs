#!/usr/bin/env node
// Generates the demo images committed to the repo:
//   web/assets/fallback/{pinguini,champions,edenlandia,napoli,elodie}.webp  (800x600 WebP)
//   public/demo/partners/*.webp                                           (400x200 WebP, transparent)
//
// Everything is drawn here with inline SVG and rendered by headless Chromium:
// no downloads, no external fonts, no photos, no third-party logos.
// Output is deterministic (seeded PRNG), so re-running reproduces the same files.
//
// Usage (from the repo root):  npm run images
// Optional: CHROMIUM_PATH=/path/to/chromium (defaults to /usr/bin/chromium if present).
// Fonts: uses system fonts (DejaVu Sans / DejaVu Serif); on Debian: apt-get install fonts-dejavu-core.

import { chromium } from "@playwright/test";
import { existsSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FALLBACK_DIR = join(ROOT, "web/assets/fallback");
const PARTNER_DIR = join(ROOT, "public/demo/partners");
const FONT = `'DejaVu Sans', Arial, sans-serif`;
const SERIF = `'DejaVu Serif', Georgia, serif`;
const W = 800;
const H = 600;

// ---------------------------------------------------------------- helpers

/** Seeded PRNG (mulberry32) so the images are reproducible. */
function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const f = (n) => Number(n.toFixed(1));
const between = (r, a, b) => a + (b - a) * r();
const pick = (r, arr) => arr[Math.floor(r() * arr.length)];

/** A gradient's <stop>s, from rows of [offset, colour, opacity?]. */
const stops = (rows) => rows.map(([o, c, a]) => `<stop offset="${o}" stop-color="${c}"${a === undefined ? "" : ` stop-opacity="${a}"`}/>`).join("");
/** A linear gradient over the shape's box, from (x1,y1) to (x2,y2); top to bottom unless told. */
const linear = (id, rows, [x1, y1, x2, y2] = [0, 0, 0, 1]) => `<linearGradient id="${id}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}">${stops(rows)}</linearGradient>`;
/** A radial gradient; without a centre and radius SVG's own (the box's middle, half its size). */
const radial = (id, rows, at) =>
  `<radialGradient id="${id}"${at ? ` cx="${at.cx}" cy="${at.cy}" r="${at.r}"` : ""}>${stops(rows)}</radialGradient>`;

/** Shared <defs>: film grain, blurs, bottom shade, vignette. */
function commonDefs() {
  return `
    <filter id="grain" x="0" y="0" width="100%" height="100%">
      <feTurbulence type="fractalNoise" baseFrequency="0.85" numOctaves="2" seed="7" stitchTiles="stitch"/>
      <feColorMatrix type="saturate" values="0"/>
    </filter>
    <filter id="blur2" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="2"/></filter>
    <filter id="blur4" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="4"/></filter>
    <filter id="blur8" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="8"/></filter>
    <filter id="blur20" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="20"/></filter>
    <filter id="blur40" x="-50%" y="-50%" width="200%" height="200%"><feGaussianBlur stdDeviation="40"/></filter>
    ${linear("bottomShade", [[0, "#000", 0], [0.5, "#000", 0], [0.75, "#000", 0.35], [1, "#000", 0.72]])}
    ${radial("vignette", [[0.55, "#000", 0], [1, "#000", 0.55]], { cx: 0.5, cy: 0.45, r: 0.75 })}`;
}

/** Overlays applied on top of every scene: darker bottom third, vignette, grain. */
function finish(grain = 0.07, extraShade = 0) {
  return `
    <rect width="${W}" height="${H}" fill="url(#bottomShade)"/>
    ${extraShade ? `<rect y="${H / 2}" width="${W}" height="${H / 2}" fill="url(#bottomShade)" opacity="${extraShade}"/>` : ""}
    <rect width="${W}" height="${H}" fill="url(#vignette)"/>
    <rect width="${W}" height="${H}" filter="url(#grain)" opacity="${grain}" style="mix-blend-mode:overlay"/>`;
}

function svgDoc(defs, body) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>${commonDefs()}${defs}</defs>
  ${body}
</svg>`;
}

/** A light beam: a soft cone from (x,y) pointing at angle deg (0 = straight down). */
function beam(id, x, y, angleDeg, length, spread, color, opacity = 0.55) {
  const half = spread / 2;
  return `
    <linearGradient id="${id}" gradientUnits="userSpaceOnUse" x1="0" y1="0" x2="0" y2="${length}">
      <stop offset="0" stop-color="${color}" stop-opacity="${opacity}"/>
      <stop offset="0.55" stop-color="${color}" stop-opacity="${opacity * 0.35}"/>
      <stop offset="1" stop-color="${color}" stop-opacity="0"/>
    </linearGradient>
    <g transform="translate(${x} ${y}) rotate(${angleDeg})" style="mix-blend-mode:screen">
      <polygon points="-4,0 4,0 ${half},${length} ${-half},${length}" fill="url(#${id})" filter="url(#blur8)"/>
      <polygon points="-1.5,0 1.5,0 ${half * 0.35},${length * 0.9} ${-half * 0.35},${length * 0.9}" fill="url(#${id})" opacity="0.8" filter="url(#blur2)"/>
    </g>`;
}

/** A 5-point star path centred at (cx,cy). */
function starPath(cx, cy, R, r = R * 0.45, rot = -90) {
  const pts = [];
  for (let i = 0; i < 10; i++) {
    const rad = ((rot + i * 36) * Math.PI) / 180;
    const rr = i % 2 === 0 ? R : r;
    pts.push(`${f(cx + rr * Math.cos(rad))},${f(cy + rr * Math.sin(rad))}`);
  }
  return `M${pts.join("L")}Z`;
}

/** A 4-point sparkle path. */
function sparkle(cx, cy, R) {
  const r = R * 0.18;
  return `M${cx},${cy - R} Q${cx + r},${cy - r} ${cx + R},${cy} Q${cx + r},${cy + r} ${cx},${cy + R} Q${cx - r},${cy + r} ${cx - R},${cy} Q${cx - r},${cy - r} ${cx},${cy - R}Z`;
}

/**
 * A row of crowd silhouettes: heads and shoulders, some arms raised, a few phone lights.
 * Returns SVG markup. baseY = shoulder line.
 */
function crowdRow(r, { baseY, scale, color, count, armChance = 0.3, phoneChance = 0.15, phoneColor = "#dff4ff", jitter = 8 }) {
  let out = "";
  let phones = "";
  const step = (W + 80) / count;
  for (let i = 0; i < count; i++) {
    const s = scale * between(r, 0.85, 1.15);
    const x = -40 + i * step + between(r, -step * 0.3, step * 0.3);
    const y = baseY + between(r, -jitter, jitter);
    const headR = 13 * s;
    // shoulders + torso
    out += `<path d="M${f(x - 30 * s)},${H} L${f(x - 30 * s)},${f(y + 22 * s)} Q${f(x - 29 * s)},${f(y)} ${f(x - 8 * s)},${f(y - 2 * s)} L${f(x + 8 * s)},${f(y - 2 * s)} Q${f(x + 29 * s)},${f(y)} ${f(x + 30 * s)},${f(y + 22 * s)} L${f(x + 30 * s)},${H}Z"/>`;
    // neck + head
    out += `<rect x="${f(x - 5 * s)}" y="${f(y - 10 * s)}" width="${f(10 * s)}" height="${f(12 * s)}"/>`;
    out += `<ellipse cx="${f(x)}" cy="${f(y - 10 * s - headR * 0.9)}" rx="${f(headR * 0.88)}" ry="${f(headR)}"/>`;
    if (r() < armChance) {
      const side = r() < 0.5 ? -1 : 1;
      const sx = x + side * 22 * s;
      const sy = y + 6 * s;
      const ex = sx + side * between(r, 4, 16) * s;
      const ey = sy - between(r, 40, 58) * s;
      const hx = ex + side * between(r, -6, 8) * s;
      const hy = ey - between(r, 26, 38) * s;
      out += `<path d="M${f(sx)},${f(sy)} L${f(ex)},${f(ey)} L${f(hx)},${f(hy)}" fill="none" stroke="${color}" stroke-width="${f(10.5 * s)}" stroke-linecap="round" stroke-linejoin="round"/>`;
      out += `<circle cx="${f(hx)}" cy="${f(hy - 4 * s)}" r="${f(6 * s)}"/>`;
      if (r() < phoneChance * 3) {
        phones += `<circle cx="${f(hx)}" cy="${f(hy - 10 * s)}" r="${f(10 * s)}" fill="${phoneColor}" opacity="0.35" filter="url(#blur4)"/>`;
        phones += `<rect x="${f(hx - 4 * s)}" y="${f(hy - 17 * s)}" width="${f(8 * s)}" height="${f(13 * s)}" rx="${f(1.5 * s)}" fill="${phoneColor}" opacity="0.9"/>`;
      }
    }
  }
  return `<g fill="${color}">${out}</g>${phones}`;
}

/** Confetti / glitter scattered over an area. */
function confetti(r, n, colors, area = { x: 0, y: 0, w: W, h: H * 0.6 }, size = [3, 7], opacity = 0.8) {
  let out = "";
  for (let i = 0; i < n; i++) {
    const x = area.x + r() * area.w;
    const y = area.y + r() * area.h;
    const w = between(r, size[0], size[1]);
    out += `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(w * 0.45)}" fill="${pick(r, colors)}" opacity="${f(between(r, 0.4, 1) * opacity * 10) / 10}" transform="rotate(${Math.floor(r() * 180)} ${f(x)} ${f(y)})"/>`;
  }
  return out;
}

function starField(r, n, area, maxR = 1.3, color = "#fff") {
  let out = "";
  for (let i = 0; i < n; i++) {
    out += `<circle cx="${f(area.x + r() * area.w)}" cy="${f(area.y + r() * area.h)}" r="${f(between(r, 0.3, maxR))}" fill="${color}" opacity="${f(between(r, 0.3, 0.95))}"/>`;
  }
  return out;
}

/** Perspective pitch with mowing stripes, between yTop and the bottom of the image. */
function pitch({ yTop, topL, topR, botL, botR, light, dark, stripes = 14 }) {
  let out = `<polygon points="${topL},${yTop} ${topR},${yTop} ${botR},${H} ${botL},${H}" fill="${dark}"/>`;
  for (let i = 0; i < stripes; i += 2) {
    const t0 = i / stripes;
    const t1 = (i + 1) / stripes;
    const ax = topL + (topR - topL) * t0;
    const bx = topL + (topR - topL) * t1;
    const cx = botL + (botR - botL) * t1;
    const dx = botL + (botR - botL) * t0;
    out += `<polygon points="${f(ax)},${yTop} ${f(bx)},${yTop} ${f(cx)},${H} ${f(dx)},${H}" fill="${light}"/>`;
  }
  return out;
}

// ---------------------------------------------------------------- scenes

function scenePinguini() {
  const r = rng(101);
  const beams = [
    ["pb1", 120, 46, -28, 620, 170, "#36e6ff"],
    ["pb2", 250, 46, 18, 600, 150, "#ff3fa4"],
    ["pb3", 400, 46, -8, 560, 150, "#ffd25a", 0.4],
    ["pb4", 550, 46, -18, 600, 150, "#ff3fa4"],
    ["pb5", 680, 46, 28, 620, 170, "#36e6ff"],
    ["pb6", 330, 46, 34, 640, 130, "#8a6bff", 0.45],
    ["pb7", 470, 46, -34, 640, 130, "#8a6bff", 0.45],
  ];
  let beamSvg = "";
  for (const b of beams) beamSvg += beam(...b);

  // Truss with lattice
  let truss = `<rect x="40" y="26" width="720" height="16" fill="#1a1730" stroke="#3a3560" stroke-width="1.5"/>`;
  for (let x = 40; x < 760; x += 16) truss += `<path d="M${x},26 L${x + 8},42 L${x + 16},26" fill="none" stroke="#4a4478" stroke-width="1.2"/>`;
  let fixtures = "";
  for (const [x, c] of [[120, "#9ff6ff"], [250, "#ffb3da"], [400, "#fff0b8"], [550, "#ffb3da"], [680, "#9ff6ff"], [330, "#cbbcff"], [470, "#cbbcff"]]) {
    fixtures += `<rect x="${x - 11}" y="40" width="22" height="14" rx="4" fill="#0d0b1c"/>`;
    fixtures += `<circle cx="${x}" cy="50" r="16" fill="${c}" opacity="0.55" filter="url(#blur8)"/><circle cx="${x}" cy="50" r="5.5" fill="#fff"/>`;
  }

  // LED wall with penguin
  const penguin = `
    <g transform="translate(400 205)">
      <circle r="92" fill="url(#halo)"/>
      <circle r="70" fill="none" stroke="#7ff3ff" stroke-width="2" opacity="0.55"/>
      <circle r="80" fill="none" stroke="#ff7ac4" stroke-width="1.2" stroke-dasharray="3 7" opacity="0.6"/>
      <g filter="url(#neon)">
        <path d="M0,-62 C30,-62 42,-34 42,-6 C42,22 50,40 40,56 C30,66 -30,66 -40,56 C-50,40 -42,22 -42,-6 C-42,-34 -30,-62 0,-62Z" fill="#101423" stroke="#7ff3ff" stroke-width="3"/>
        <path d="M0,-30 C22,-30 28,-8 28,12 C28,36 22,54 0,54 C-22,54 -28,36 -28,12 C-28,-8 -22,-30 0,-30Z" fill="#eafcff"/>
        <path d="M-42,-2 C-56,10 -62,26 -58,38 C-50,30 -44,22 -40,14Z" fill="#101423" stroke="#7ff3ff" stroke-width="2.5"/>
        <path d="M42,-2 C60,-14 70,-30 72,-42 C62,-36 50,-24 40,-14Z" fill="#101423" stroke="#7ff3ff" stroke-width="2.5"/>
        <circle cx="-12" cy="-38" r="5" fill="#fff"/><circle cx="12" cy="-38" r="5" fill="#fff"/>
        <circle cx="-11" cy="-37" r="2.4" fill="#101423"/><circle cx="13" cy="-37" r="2.4" fill="#101423"/>
        <path d="M-9,-28 L9,-28 L0,-18Z" fill="#ffb23e"/>
        <path d="M-24,56 L-8,56 L-14,64 L-30,64Z" fill="#ffb23e"/>
        <path d="M8,56 L24,56 L30,64 L14,64Z" fill="#ffb23e"/>
        <path d="M-16,-52 Q0,-76 18,-56" fill="none" stroke="#ff7ac4" stroke-width="3" stroke-linecap="round"/>
      </g>
    </g>`;
  const screen = `
    <rect x="220" y="100" width="360" height="210" rx="6" fill="url(#screenGrad)"/>
    <rect x="220" y="100" width="360" height="210" rx="6" fill="url(#ledDots)"/>
    ${penguin}
    <rect x="220" y="100" width="360" height="210" rx="6" fill="none" stroke="#2b2550" stroke-width="4"/>
    <g opacity="0.8" font-family="${FONT}" font-size="12" font-weight="bold" letter-spacing="3" fill="#fff">
      <circle cx="532" cy="289" r="4" fill="#ff3b5c"/>
      <text x="542" y="293.5">LIVE</text>
    </g>`;

  // Speaker stacks
  let speakers = "";
  for (const x of [60, 650]) {
    for (let k = 0; k < 3; k++) {
      const y = 210 + k * 52;
      speakers += `<rect x="${x}" y="${y}" width="90" height="50" rx="3" fill="#0c0a18" stroke="#231f3e"/>`;
      speakers += `<circle cx="${x + 28}" cy="${y + 25}" r="14" fill="#15122a" stroke="#2c2750"/><circle cx="${x + 64}" cy="${y + 25}" r="14" fill="#15122a" stroke="#2c2750"/>`;
    }
  }

  // Band silhouettes on stage (simple, small)
  const band = `
    <g fill="#07060f">
      <!-- guitarist left -->
      <ellipse cx="300" cy="262" rx="9" ry="11"/>
      <path d="M288,276 Q300,270 312,276 L316,318 L308,318 L304,352 L296,352 L292,318 L284,318Z"/>
      <path d="M282,300 L332,282 L334,288 L286,308Z"/>
      <ellipse cx="292" cy="304" rx="13" ry="10"/>
      <!-- singer centre -->
      <ellipse cx="400" cy="258" rx="9.5" ry="11.5"/>
      <path d="M387,272 Q400,266 413,272 L417,316 L409,316 L405,352 L395,352 L391,316 L383,316Z"/>
      <path d="M413,276 L430,248 L434,250 L418,280Z"/>
      <rect x="398.5" y="282" width="3" height="70"/>
      <!-- bassist right -->
      <ellipse cx="505" cy="264" rx="9" ry="11"/>
      <path d="M493,278 Q505,272 517,278 L521,320 L513,320 L509,352 L501,352 L497,320 L489,320Z"/>
      <path d="M474,284 L526,306 L524,312 L472,290Z"/>
      <ellipse cx="516" cy="306" rx="12" ry="9"/>
    </g>`;

  const stage = `
    <polygon points="0,352 800,352 800,372 0,372" fill="#14112a"/>
    <rect x="0" y="350" width="800" height="3" fill="#ff5fb0" opacity="0.8"/>
    <rect x="0" y="348" width="800" height="8" fill="#ff5fb0" opacity="0.35" filter="url(#blur4)"/>`;

  const haze = `
    <ellipse cx="200" cy="300" rx="260" ry="90" fill="#6a3dff" opacity="0.18" filter="url(#blur40)"/>
    <ellipse cx="600" cy="290" rx="260" ry="90" fill="#ff3fa4" opacity="0.16" filter="url(#blur40)"/>
    <ellipse cx="400" cy="380" rx="420" ry="70" fill="#36e6ff" opacity="0.12" filter="url(#blur40)"/>`;

  const crowd =
    crowdRow(r, { baseY: 420, scale: 0.75, color: "#120f26", count: 22, armChance: 0.4, phoneChance: 0.25 }) +
    crowdRow(r, { baseY: 468, scale: 0.95, color: "#0b0918", count: 17, armChance: 0.4, phoneChance: 0.2 }) +
    crowdRow(r, { baseY: 530, scale: 1.2, color: "#050410", count: 12, armChance: 0.35, phoneChance: 0.1 });

  const defs = `
    ${linear("bg", [[0, "#07061a"], [0.45, "#1b1152"], [1, "#0a0820"]])}
    ${linear("screenGrad", [[0, "#132a5c"], [0.5, "#1f1660"], [1, "#3a1050"]], [0, 0, 1, 1])}
    <pattern id="ledDots" width="6" height="6" patternUnits="userSpaceOnUse">
      <circle cx="3" cy="3" r="1.1" fill="#7ff3ff" opacity="0.18"/>
    </pattern>
    ${radial("halo", [[0, "#7ff3ff", 0.5], [1, "#7ff3ff", 0]])}
    <filter id="neon" x="-50%" y="-50%" width="200%" height="200%">
      <feGaussianBlur in="SourceGraphic" stdDeviation="3" result="b"/>
      <feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge>
    </filter>`;

  const body = `
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    ${haze}
    ${screen}
    ${speakers}
    ${band}
    ${stage}
    ${beamSvg}
    ${truss}
    ${fixtures}
    <g style="mix-blend-mode:screen">${confetti(r, 70, ["#36e6ff", "#ff3fa4", "#ffd25a", "#ffffff", "#8a6bff"], { x: 0, y: 60, w: W, h: 330 })}</g>
    ${crowd}
    ${finish(0.08)}`;
  return svgDoc(defs, body);
}

function sceneChampions() {
  const r = rng(202);
  // Stands: curved tiers filled with crowd dots
  let crowdDots = "";
  for (let i = 0; i < 2600; i++) {
    const x = r() * W;
    const tier = r();
    // follow the curve of the stand: lower towards the edges
    const curve = 22 * Math.pow((x - 400) / 400, 2);
    const y = 172 + curve + tier * (118 - curve * 0.3);
    const c = pick(r, ["#2b3f78", "#3a5296", "#1c2a55", "#5670b8", "#c9d4ff", "#24386b"]);
    crowdDots += `<rect x="${f(x)}" y="${f(y)}" width="2.2" height="2.2" fill="${c}" opacity="${f(between(r, 0.5, 1))}"/>`;
  }
  let flashes = "";
  for (let i = 0; i < 40; i++) {
    const x = r() * W;
    const y = 180 + r() * 100 + 20 * Math.pow((x - 400) / 400, 2);
    flashes += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(between(r, 0.8, 1.8))}" fill="#fff"/>`;
  }

  const standPath = `M0,150 Q400,118 800,150 L800,300 L0,300Z`;
  const towers = [110, 690]
    .map((x, i) => {
      const dir = i === 0 ? 1 : -1;
      let lamps = "";
      for (let a = 0; a < 4; a++) for (let b = 0; b < 3; b++) lamps += `<circle cx="${x - 27 + a * 18}" cy="${48 + b * 14}" r="5" fill="#fffbe8"/>`;
      return `
        <rect x="${x - 38}" y="36" width="76" height="48" rx="3" fill="#0a1024"/>
        <ellipse cx="${x}" cy="60" rx="90" ry="60" fill="#cfe3ff" opacity="0.45" filter="url(#blur20)"/>
        ${lamps}
        <ellipse cx="${x}" cy="60" rx="44" ry="28" fill="#ffffff" opacity="0.55" filter="url(#blur8)"/>
        ${beam(`cb${i}a`, x, 70, -30 * dir, 560, 260, "#dbe9ff", 0.22)}
        ${beam(`cb${i}b`, x, 70, -52 * dir, 600, 200, "#dbe9ff", 0.16)}`;
    })
    .join("");

  const poles = [110, 690].map((x) => `<rect x="${x - 4}" y="80" width="8" height="120" fill="#0a1024"/>`).join("");

  // Star motif: an arc of stars across the sky (not a ball, not any real logo)
  let arc = "";
  const n = 9;
  for (let i = 0; i < n; i++) {
    const t = i / (n - 1);
    const ang = Math.PI * (1.12 + 0.76 * t);
    const cx = 400 + 230 * Math.cos(ang);
    const cy = 150 + 90 * Math.sin(ang);
    const R = i === 4 ? 13 : 9 - Math.abs(i - 4) * 0.6;
    arc += `<path d="${starPath(cx, cy, R)}" fill="#fff6d8"/>`;
  }

  const pitchSvg = pitch({ yTop: 300, topL: -120, topR: 920, botL: -900, botR: 1700, light: "#1f7a3a", dark: "#196b31", stripes: 16 });
  const lines = `
    <g fill="none" stroke="#e9f5ec" stroke-opacity="0.85" stroke-width="2.5">
      <line x1="0" y1="306" x2="800" y2="306" stroke-width="2"/>
      <line x1="400" y1="306" x2="400" y2="600" stroke-width="3"/>
      <ellipse cx="400" cy="420" rx="150" ry="52"/>
    </g>
    <ellipse cx="400" cy="420" rx="4" ry="2" fill="#e9f5ec"/>`;
  const ball = `
    <ellipse cx="452" cy="446" rx="12" ry="3.5" fill="#000" opacity="0.45"/>
    <circle cx="450" cy="436" r="8" fill="#f4f7ff"/>
    <path d="${starPath(450, 436, 4.2)}" fill="#1a2a5a"/>`;

  const defs = `
    ${linear("sky", [[0, "#020617"], [0.5, "#0a1838"], [1, "#1a3370"]])}
    ${linear("stand", [[0, "#0b1432"], [1, "#15224a"]])}
    ${radial("pitchGlow", [[0, "#c9ffd8", 0.35], [1, "#c9ffd8", 0]], { cx: 0.5, cy: 0.3, r: 0.6 })}
    ${linear("pitchDepth", [[0, "#021a0a", 0.55], [0.3, "#021a0a", 0]])}`;

  const body = `
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${starField(r, 140, { x: 0, y: 0, w: W, h: 140 })}
    <g filter="url(#blur2)" opacity="0.6">${arc}</g>
    ${arc}
    ${poles}
    <path d="${standPath}" fill="url(#stand)"/>
    ${crowdDots}
    ${flashes}
    <path d="M0,150 Q400,118 800,150" fill="none" stroke="#9fc0ff" stroke-width="3" opacity="0.6"/>
    <path d="M0,150 Q400,118 800,150" fill="none" stroke="#cfe0ff" stroke-width="10" opacity="0.25" filter="url(#blur4)"/>
    <rect x="0" y="286" width="${W}" height="14" fill="#0b1230"/>
    <g>${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 80 + 6}" y="288" width="68" height="10" fill="${i % 2 ? "#1f3fa8" : "#2a55d0"}" opacity="0.9"/>`).join("")}</g>
    ${pitchSvg}
    <rect x="0" y="300" width="${W}" height="300" fill="url(#pitchDepth)"/>
    <rect x="0" y="300" width="${W}" height="300" fill="url(#pitchGlow)"/>
    ${lines}
    ${ball}
    ${towers}
    ${finish(0.07, 0.8)}`;
  return svgDoc(defs, body);
}

function sceneEdenlandia() {
  const r = rng(303);
  const ink = "#2a0c2e";
  // Ferris wheel
  const cx = 575;
  const cy = 230;
  const R = 165;
  let wheel = "";
  wheel += `<path d="M${cx},${cy} L${cx - 95},452 M${cx},${cy} L${cx + 95},452 M${cx - 60},380 L${cx + 60},380" stroke="${ink}" stroke-width="9" fill="none" stroke-linecap="round"/>`;
  wheel += `<circle cx="${cx}" cy="${cy}" r="${R}" fill="none" stroke="${ink}" stroke-width="6"/>`;
  wheel += `<circle cx="${cx}" cy="${cy}" r="${R - 14}" fill="none" stroke="${ink}" stroke-width="3"/>`;
  wheel += `<circle cx="${cx}" cy="${cy}" r="${R * 0.45}" fill="none" stroke="${ink}" stroke-width="2.5"/>`;
  const spokes = 16;
  let bulbs = "";
  for (let i = 0; i < spokes; i++) {
    const a = (i / spokes) * Math.PI * 2;
    const x = cx + R * Math.cos(a);
    const y = cy + R * Math.sin(a);
    wheel += `<line x1="${cx}" y1="${cy}" x2="${f(x)}" y2="${f(y)}" stroke="${ink}" stroke-width="2.5"/>`;
    // gondola hanging below the rim point
    wheel += `<line x1="${f(x)}" y1="${f(y)}" x2="${f(x)}" y2="${f(y + 12)}" stroke="${ink}" stroke-width="2"/>`;
    wheel += `<path d="M${f(x - 13)},${f(y + 12)} h26 v13 q0,8 -8,8 h-10 q-8,0 -8,-8Z" fill="${ink}"/>`;
    wheel += `<rect x="${f(x - 9)}" y="${f(y + 15)}" width="18" height="6" rx="1" fill="#ffcf73" opacity="0.85"/>`;
  }
  for (let i = 0; i < 48; i++) {
    const a = (i / 48) * Math.PI * 2;
    const x = cx + (R - 7) * Math.cos(a);
    const y = cy + (R - 7) * Math.sin(a);
    bulbs += `<circle cx="${f(x)}" cy="${f(y)}" r="2.2" fill="#fff1b8"/>`;
  }
  wheel += `<circle cx="${cx}" cy="${cy}" r="14" fill="${ink}"/><circle cx="${cx}" cy="${cy}" r="5" fill="#ffcf73"/>`;

  // Roller coaster: a track curve with lattice supports
  const track = `M-20,330 C40,330 60,170 120,170 C180,170 190,300 240,300 C280,300 290,230 330,230 C370,230 380,330 440,360`;
  let supports = "";
  const ys = (x) => {
    // rough track height by x for supports (hand-tuned to the curve above)
    if (x < 120) return 330 - (x + 20) * (160 / 140) * Math.sin(((x + 20) / 140) * Math.PI / 2);
    if (x < 240) return 170 + 130 * (1 - Math.cos(((x - 120) / 120) * Math.PI)) / 2;
    if (x < 330) return 300 - 70 * (1 - Math.cos(((x - 240) / 90) * Math.PI)) / 2;
    return 230 + 130 * ((x - 330) / 110);
  };
  for (let x = 0; x <= 420; x += 22) {
    const y = ys(x) + 6;
    supports += `<line x1="${x}" y1="${f(y)}" x2="${x}" y2="460" stroke="${ink}" stroke-width="2.5"/>`;
    supports += `<line x1="${x}" y1="${f(y)}" x2="${x + 22}" y2="460" stroke="${ink}" stroke-width="1.2" opacity="0.8"/>`;
  }
  const cart = `<g transform="translate(112 150) rotate(-8)"><rect x="-18" y="0" width="36" height="14" rx="4" fill="${ink}"/><rect x="-10" y="-8" width="6" height="9" rx="3" fill="${ink}"/><rect x="4" y="-8" width="6" height="9" rx="3" fill="${ink}"/></g>`;
  const coaster = `${supports}<path d="${track}" fill="none" stroke="${ink}" stroke-width="8"/><path d="${track}" fill="none" stroke="${ink}" stroke-width="3" transform="translate(0 10)"/>${cart}`;

  // Carousel tent
  const carousel = `
    <g transform="translate(330 360)">
      <path d="M0,-70 L4,-56 L-4,-56Z" fill="${ink}"/>
      <path d="M0,-82 L16,-76 L0,-70Z" fill="#ff5a5f"/>
      <line x1="0" y1="-84" x2="0" y2="-56" stroke="${ink}" stroke-width="2"/>
      <path d="M0,-58 L80,0 L-80,0Z" fill="${ink}"/>
      ${Array.from({ length: 9 }, (_, i) => `<path d="M0,-58 L${-80 + i * 20},0 L${-70 + i * 20},0Z" fill="#ff7a59" opacity="${i % 2 ? 0 : 0.35}"/>`).join("")}
      <path d="M-80,0 Q-70,12 -60,0 Q-50,12 -40,0 Q-30,12 -20,0 Q-10,12 0,0 Q10,12 20,0 Q30,12 40,0 Q50,12 60,0 Q70,12 80,0" fill="${ink}"/>
      <rect x="-74" y="0" width="148" height="70" fill="${ink}" opacity="0.92"/>
      ${Array.from({ length: 9 }, (_, i) => `<circle cx="${-72 + i * 18}" cy="4" r="2" fill="#fff1b8"/>`).join("")}
    </g>`;

  // String lights
  let stringLights = "";
  const garland = (x1, y1, x2, y2, sag, n) => {
    const mx = (x1 + x2) / 2;
    const my = (y1 + y2) / 2 + sag;
    let s = `<path d="M${x1},${y1} Q${mx},${my} ${x2},${y2}" fill="none" stroke="${ink}" stroke-width="1.2"/>`;
    for (let i = 1; i < n; i++) {
      const t = i / n;
      const x = (1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * mx + t * t * x2;
      const y = (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * my + t * t * y2;
      const c = pick(r, ["#ffe08a", "#ff9a6b", "#fff4c9", "#ff6f91"]);
      s += `<circle cx="${f(x)}" cy="${f(y + 3)}" r="6" fill="${c}" opacity="0.35" filter="url(#blur4)"/><circle cx="${f(x)}" cy="${f(y + 3)}" r="2.4" fill="${c}"/>`;
    }
    return s;
  };
  stringLights += garland(-10, 400, 250, 405, 40, 14) + garland(250, 405, 460, 390, 36, 12) + garland(460, 390, 810, 410, 46, 18);

  // Tree / building silhouettes on the ground line
  let skyline = `<path d="M0,450 `;
  for (let x = 0; x <= W; x += 20) skyline += `L${x},${f(445 - r() * 18 - (x > 650 ? 10 : 0))} `;
  skyline += `L${W},${H} L0,${H}Z" fill="url(#ground)"/>`;
  let trees = "";
  for (const [x, s] of [[30, 1.1], [250, 0.8], [470, 0.9], [760, 1.2]]) {
    trees += `<g transform="translate(${x} 450) scale(${s})" fill="#140619"><rect x="-3" y="-30" width="6" height="30"/><circle cx="0" cy="-42" r="20"/><circle cx="-14" cy="-32" r="14"/><circle cx="14" cy="-32" r="15"/></g>`;
  }

  let visitors = "";
  for (const [x, s, kid] of [[120, 0.9, 0], [138, 0.6, 1], [455, 0.85, 0], [470, 0.85, 0], [700, 0.95, 0], [716, 0.6, 1]]) {
    visitors += `<g transform="translate(${x} 452) scale(${s})" fill="#12040f"><circle cx="0" cy="-44" r="6"/><path d="M-7,-36 Q0,-39 7,-36 L8,-14 L4,-14 L3,0 L-3,0 L-4,-14 L-8,-14Z"/>${kid ? `<line x1="6" y1="-30" x2="16" y2="-56" stroke="#12040f" stroke-width="1.2"/><circle cx="17" cy="-62" r="7" fill="#ff6f91"/>` : ""}</g>`;
  }
  const birds = [[180, 90], [205, 104], [228, 86]].map(([x, y]) => `<path d="M${x - 8},${y} q4,-5 8,0 q4,-5 8,0" fill="none" stroke="${ink}" stroke-width="1.8" opacity="0.8"/>`).join("");

  const defs = `
    ${linear("sky", [[0, "#24104a"], [0.3, "#6b1f63"], [0.55, "#d2494a"], [0.72, "#f5893f"], [0.8, "#ffc163"]])}
    ${linear("ground", [[0, "#3a1238"], [0.35, "#24091f"], [1, "#12040f"]])}
    ${radial("sun", [[0, "#fff6cf"], [0.35, "#ffd27a"], [1, "#ff9a4a", 0]], { cx: 0.5, cy: 0.5, r: 0.5 })}`;

  const clouds = `
    <g fill="#ff9f7a" opacity="0.45" filter="url(#blur4)">
      <ellipse cx="140" cy="250" rx="120" ry="8"/><ellipse cx="230" cy="270" rx="90" ry="6"/>
      <ellipse cx="420" cy="120" rx="140" ry="9" fill="#c8508a"/><ellipse cx="700" cy="330" rx="110" ry="7"/>
    </g>`;

  const body = `
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    ${starField(r, 50, { x: 0, y: 0, w: W, h: 110 }, 1.1, "#ffe9f3")}
    <circle cx="215" cy="405" r="200" fill="url(#sun)" opacity="0.9"/>
    <circle cx="215" cy="405" r="58" fill="#ffe3a0"/>
    ${clouds}
    ${birds}
    ${coaster}
    <g>${wheel}</g>
    <g style="mix-blend-mode:screen"><g filter="url(#blur4)" opacity="0.9">${bulbs}</g>${bulbs}</g>
    ${skyline}
    ${trees}
    ${carousel}
    ${visitors}
    ${stringLights}
    ${finish(0.07)}`;
  return svgDoc(defs, body);
}

function sceneNapoli() {
  const r = rng(404);
  // Distant hills + Vesuvius: Monte Somma (left hump) and the Gran Cono (right, higher)
  const hills = `M0,292 C80,282 120,286 170,290 L170,300 L0,300Z M600,292 C680,278 740,284 800,280 L800,300 L600,300Z`;
  const vesuvius = `M130,298 C210,286 250,258 292,228 C310,215 322,210 336,214 C348,218 354,226 364,224 C382,220 400,196 424,190 C438,187 450,188 462,192 C476,197 484,204 492,212 C530,246 580,280 680,296 L680,300 L130,300Z`;
  const ridge = `M292,228 C310,215 322,210 336,214 M424,190 C438,187 450,188 462,192`;
  // City at the foot of the volcano
  let city = "";
  for (let x = 0; x < W; x += between(r, 5, 11)) {
    const w = between(r, 5, 12);
    const h = between(r, 3, 12) * (x > 140 && x < 660 ? 0.8 : 1.1);
    city += `<rect x="${f(x)}" y="${f(300 - h)}" width="${f(w)}" height="${f(h)}" fill="${pick(r, ["#5d95ca", "#6aa2d4", "#5289c0", "#7ab0de"])}"/>`;
  }
  // Sea strip with sun glitter
  let sparkles = "";
  for (let i = 0; i < 70; i++) {
    const x = between(r, 380, 800) * (r() < 0.7 ? 1 : r());
    sparkles += `<rect x="${f(x)}" y="${f(301 + r() * 12)}" width="${f(between(r, 3, 12))}" height="1" fill="#f3fbff" opacity="${f(between(r, 0.3, 0.9))}"/>`;
  }

  // Stadium interior. u in [-1,1] across the image; the roof edge wraps towards the viewer.
  const u = (x) => (x - 400) / 400;
  const roofEdge = (x) => 322 - 18 * u(x) * u(x);
  const tier1Bot = (x) => 384 - 6 * u(x) * u(x);
  const tier2Top = (x) => 394 - 4 * u(x) * u(x);
  const boards = 438;
  const curvePath = (fn, y2fn, step = 20) => {
    let d = `M0,${f(fn(0))}`;
    for (let x = step; x <= W; x += step) d += ` L${x},${f(fn(x))}`;
    for (let x = W; x >= 0; x -= step) d += ` L${x},${f(y2fn(x))}`;
    return d + "Z";
  };
  const dots = (topFn, botFn, n, colors) => {
    let o = "";
    for (let i = 0; i < n; i++) {
      const x = r() * W;
      const y = topFn(x) + 3 + r() * (botFn(x) - topFn(x) - 6);
      o += `<rect x="${f(x)}" y="${f(y)}" width="2.4" height="2.4" fill="${pick(r, colors)}" opacity="${f(between(r, 0.55, 1))}"/>`;
    }
    return o;
  };
  const fanColors = ["#2f8fe0", "#56aef0", "#1c6fc0", "#9fd3ff", "#ffffff", "#1a4f91", "#3b9cf0", "#0e3566"];
  const upper = `<path d="${curvePath((x) => roofEdge(x) + 6, tier1Bot)}" fill="url(#stand)"/>` + dots((x) => roofEdge(x) + 10, tier1Bot, 1500, fanColors);
  const ring = `<path d="${curvePath(tier1Bot, tier2Top)}" fill="#0a2344"/>` +
    Array.from({ length: 16 }, (_, i) => {
      const x = i * 50 + 3;
      return `<rect x="${x}" y="${f(tier1Bot(x + 22) + 2)}" width="44" height="5" fill="${i % 2 ? "#3ea2f5" : "#e8f5ff"}" opacity="0.85"/>`;
    }).join("");
  const lower = `<path d="${curvePath(tier2Top, () => boards)}" fill="url(#stand)"/>` + dots(tier2Top, () => boards, 1300, fanColors);

  // Roof: dark canopy underside, a white tubular truss along the edge, lights
  let roof = `<path d="${curvePath(() => 300, (x) => roofEdge(x))}" fill="#0b2748"/>`;
  roof += `<path d="${curvePath((x) => roofEdge(x) - 10, (x) => roofEdge(x) - 7, 10)}" fill="#eef7ff"/>`;
  roof += `<path d="${curvePath((x) => roofEdge(x) + 3, (x) => roofEdge(x) + 6, 10)}" fill="#d6e9fb"/>`;
  for (let x = 0; x < W; x += 16) {
    roof += `<path d="M${x},${f(roofEdge(x) - 8)} L${x + 8},${f(roofEdge(x + 8) + 4)} L${x + 16},${f(roofEdge(x + 16) - 8)}" fill="none" stroke="#e6f2ff" stroke-width="1.3"/>`;
  }
  for (let x = 50; x < W; x += 100) {
    roof += `<circle cx="${x}" cy="${f(roofEdge(x) + 7)}" r="14" fill="#fff" opacity="0.4" filter="url(#blur4)"/><circle cx="${x}" cy="${f(roofEdge(x) + 7)}" r="3" fill="#fff"/>`;
  }

  // Flags waving in the lower tier (poles stay inside the stand)
  let flags = "";
  for (const [x, s, c] of [[70, 1, "#3ea2f5"], [205, 0.85, "#ffffff"], [330, 0.9, "#3ea2f5"], [520, 0.95, "#ffffff"], [640, 0.85, "#3ea2f5"], [750, 1, "#ffffff"]]) {
    const alt = c === "#ffffff" ? "#3ea2f5" : "#ffffff";
    flags += `<g transform="translate(${x} 436) scale(${s})">
      <line x1="0" y1="0" x2="0" y2="-46" stroke="#07203d" stroke-width="2"/>
      <path d="M0,-46 C12,-52 24,-40 38,-46 L38,-24 C24,-18 12,-30 0,-24Z" fill="${c}"/>
      <path d="M0,-38.5 C12,-44.5 24,-32.5 38,-38.5 L38,-31.5 C24,-25.5 12,-37.5 0,-31.5Z" fill="${alt}"/>
    </g>`;
  }
  // A long azzurro banner draped on the ring
  const banner = `<path d="M250,386 L550,386 L550,404 Q400,410 250,404Z" fill="#3ea2f5"/><path d="M250,392 L550,392 L550,397 Q400,402 250,397Z" fill="#ffffff" opacity="0.9"/>`;
  // Azzurro flare smoke drifting up
  const smoke = `
    <g filter="url(#blur20)">
      <ellipse cx="140" cy="372" rx="60" ry="34" fill="#6cc0ff" opacity="0.45"/>
      <ellipse cx="170" cy="340" rx="50" ry="30" fill="#9fd6ff" opacity="0.3"/>
      <ellipse cx="665" cy="380" rx="60" ry="30" fill="#6cc0ff" opacity="0.4"/>
      <ellipse cx="640" cy="350" rx="46" ry="26" fill="#b8e2ff" opacity="0.25"/>
    </g>
    <circle cx="140" cy="400" r="5" fill="#dff3ff" opacity="0.9" filter="url(#blur2)"/>
    <circle cx="665" cy="408" r="5" fill="#dff3ff" opacity="0.9" filter="url(#blur2)"/>`;

  const pitchSvg = pitch({ yTop: 448, topL: -200, topR: 1000, botL: -800, botR: 1600, light: "#238a45", dark: "#1d7a3c", stripes: 16 });

  const defs = `
    ${linear("sky", [[0, "#0b3470"], [0.22, "#1f6dbf"], [0.42, "#67b8f0"], [0.5, "#c6e9ff"]])}
    ${linear("mount", [[0, "#3d74ad"], [0.6, "#5f96cb"], [1, "#8cc0e8"]])}
    ${linear("mountShade", [[0.15, "#0d2f5e", 0.35], [0.55, "#0d2f5e", 0.05], [0.9, "#ffffff", 0.12]], [0, 0, 1, 0])}
    ${linear("sea", [[0, "#3a95e0"], [1, "#1d66b0"]])}
    ${linear("stand", [[0, "#0d3a70"], [1, "#0a2a55"]])}
    ${radial("sunGlow", [[0, "#ffffff", 0.9], [1, "#ffffff", 0]], { cx: 0.5, cy: 0.5, r: 0.5 })}
    ${radial("pitchGlow", [[0, "#d8ffe4", 0.25], [1, "#d8ffe4", 0]], { cx: 0.5, cy: 0.2, r: 0.7 })}`;

  const clouds = `
    <g fill="#eef8ff" filter="url(#blur8)" opacity="0.6">
      <ellipse cx="150" cy="110" rx="110" ry="12"/><ellipse cx="215" cy="98" rx="60" ry="12"/>
      <ellipse cx="640" cy="70" rx="120" ry="11"/><ellipse cx="585" cy="80" rx="50" ry="9"/>
      <ellipse cx="470" cy="150" rx="80" ry="6"/>
    </g>
    <ellipse cx="448" cy="176" rx="22" ry="10" fill="#f2f9ff" opacity="0.5" filter="url(#blur8)"/>`;

  const body = `
    <rect width="${W}" height="${H}" fill="url(#sky)"/>
    <circle cx="660" cy="210" r="150" fill="url(#sunGlow)" opacity="0.5"/>
    ${starField(r, 25, { x: 0, y: 0, w: W, h: 60 }, 0.9, "#e8f4ff")}
    ${clouds}
    <path d="${hills}" fill="#86b9e3"/>
    <path d="${vesuvius}" fill="url(#mount)"/>
    <path d="${vesuvius}" fill="url(#mountShade)"/>
    <path d="${ridge}" fill="none" stroke="#b9defa" stroke-width="2" opacity="0.8"/>
    <path d="M336,214 C350,240 340,270 360,298" fill="none" stroke="#4d84ba" stroke-width="1.5" opacity="0.6"/>
    <path d="M462,192 C470,230 500,260 520,296" fill="none" stroke="#4d84ba" stroke-width="1.5" opacity="0.6"/>
    ${city}
    <rect x="0" y="300" width="${W}" height="16" fill="url(#sea)"/>
    ${sparkles}
    ${upper}
    ${ring}
    ${banner}
    ${lower}
    ${smoke}
    ${flags}
    ${roof}
    <rect x="0" y="${boards}" width="${W}" height="10" fill="#0a2a52"/>
    <g>${Array.from({ length: 10 }, (_, i) => `<rect x="${i * 80 + 4}" y="${boards + 1}" width="72" height="8" fill="${i % 2 ? "#3ea2f5" : "#ffffff"}" opacity="0.9"/>`).join("")}</g>
    ${pitchSvg}
    <rect x="0" y="448" width="${W}" height="152" fill="url(#pitchGlow)"/>
    <g fill="none" stroke="#ecfff2" stroke-opacity="0.8" stroke-width="2.5">
      <line x1="0" y1="455" x2="800" y2="455" stroke-width="2"/>
      <line x1="400" y1="455" x2="400" y2="600"/>
      <ellipse cx="400" cy="545" rx="170" ry="52"/>
    </g>
    ${finish(0.07, 0.8)}`;
  return svgDoc(defs, body);
}

function sceneElodie() {
  const r = rng(505);
  // Vertical LED strips behind the stage, symmetric
  let strips = "";
  for (let i = 0; i < 12; i++) {
    const side = i < 6 ? -1 : 1;
    const k = i % 6;
    const x = 400 + side * (70 + k * 55) - 6;
    const top = 60 + k * 18;
    const h = 300 - k * 30;
    strips += `<rect x="${x}" y="${top}" width="12" height="${h}" rx="6" fill="url(#strip)" opacity="${f(0.9 - k * 0.1)}"/>`;
    strips += `<rect x="${x - 6}" y="${top}" width="24" height="${h}" rx="12" fill="#ff5fd2" opacity="0.18" filter="url(#blur8)"/>`;
  }

  const beams = [
    beam("eb1", 150, 0, -22, 640, 190, "#ff4fc8", 0.5),
    beam("eb2", 650, 0, 22, 640, 190, "#ff4fc8", 0.5),
    beam("eb3", 260, 0, -8, 620, 150, "#a35bff", 0.45),
    beam("eb4", 540, 0, 8, 620, 150, "#a35bff", 0.45),
    beam("eb5", 60, 0, -42, 700, 180, "#c77dff", 0.4),
    beam("eb6", 740, 0, 42, 700, 180, "#c77dff", 0.4),
  ].join("");

  // Central spotlight cone on the microphone
  const spot = `
    <polygon points="388,0 412,0 500,392 300,392" fill="url(#spotCone)" filter="url(#blur8)" style="mix-blend-mode:screen"/>
    <ellipse cx="400" cy="394" rx="130" ry="18" fill="#ffd6f3" opacity="0.55" filter="url(#blur8)"/>`;

  // Vintage microphone on a stand (silhouette with pink rim light)
  let grille = "";
  for (let y = 176; y < 250; y += 7) grille += `<line x1="372" y1="${y}" x2="428" y2="${y}" stroke="#3a1d4d" stroke-width="2"/>`;
  const mic = `
    <g>
      <ellipse cx="400" cy="212" rx="60" ry="80" fill="#ff7ad9" opacity="0.35" filter="url(#blur20)"/>
      <rect x="396" y="262" width="8" height="128" fill="#120618"/>
      <rect x="397" y="262" width="2" height="128" fill="#ff9ee3" opacity="0.8"/>
      <path d="M400,388 L340,398 M400,388 L460,398 M400,388 L400,400" stroke="#120618" stroke-width="7" stroke-linecap="round"/>
      <path d="M380,246 Q400,272 420,246" fill="none" stroke="#120618" stroke-width="9"/>
      <rect x="366" y="160" width="68" height="100" rx="32" fill="#1a0a24"/>
      <clipPath id="micClip"><rect x="366" y="160" width="68" height="100" rx="32"/></clipPath>
      <g clip-path="url(#micClip)">${grille}<rect x="366" y="204" width="68" height="10" fill="#120618"/></g>
      <rect x="366" y="160" width="68" height="100" rx="32" fill="none" stroke="url(#rim)" stroke-width="3"/>
      <rect x="392" y="254" width="16" height="16" rx="3" fill="#120618"/>
    </g>`;

  // Stage floor with glossy reflection
  const floor = `
    <rect x="0" y="392" width="${W}" height="${H - 392}" fill="url(#floor)"/>
    <rect x="0" y="390" width="${W}" height="3" fill="#ff8fe0" opacity="0.7"/>
    <g opacity="0.25" transform="translate(0 790) scale(1 -1)">${strips}</g>`;

  // Bokeh + sparkles
  let bokeh = "";
  for (let i = 0; i < 26; i++) {
    const x = r() * W;
    const y = between(r, 40, 360);
    const rr = between(r, 6, 22);
    bokeh += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(rr)}" fill="${pick(r, ["#ff7ad9", "#c77dff", "#ffb3ec", "#8f6bff"])}" opacity="${f(between(r, 0.12, 0.35))}" filter="url(#blur2)"/>`;
  }
  let sparkles = "";
  for (let i = 0; i < 16; i++) {
    sparkles += `<path d="${sparkle(f(r() * W), f(between(r, 30, 360)), f(between(r, 4, 10)))}" fill="#fff" opacity="${f(between(r, 0.5, 0.95))}"/>`;
  }

  const crowd =
    crowdRow(r, { baseY: 470, scale: 0.8, color: "#1b0826", count: 20, armChance: 0.5, phoneChance: 0.25, phoneColor: "#ffe6fb" }) +
    crowdRow(r, { baseY: 535, scale: 1.15, color: "#0c0312", count: 13, armChance: 0.45, phoneChance: 0.15, phoneColor: "#ffe6fb" });

  const defs = `
    ${linear("bg", [[0, "#12031f"], [0.55, "#2d0b44"], [1, "#14041e"]])}
    ${radial("backGlow", [[0, "#ff4fc8", 0.55], [0.5, "#8a2bd1", 0.3], [1, "#2d0b44", 0]], { cx: 0.5, cy: 0.45, r: 0.55 })}
    ${linear("strip", [[0, "#ffb3ec"], [0.5, "#ff4fc8"], [1, "#7a2bd1", 0.2]])}
    ${linear("spotCone", [[0, "#ffe3f6", 0.75], [1, "#ff9ee3", 0.15]])}
    ${linear("rim", [[0, "#ffd6f3"], [0.6, "#ff5fd2"], [1, "#7a2bd1"]], [0, 0, 1, 1])}
    ${linear("floor", [[0, "#3a0f52"], [1, "#0e0316"]])}`;

  const body = `
    <rect width="${W}" height="${H}" fill="url(#bg)"/>
    <rect width="${W}" height="${H}" fill="url(#backGlow)"/>
    ${strips}
    ${beams}
    ${floor}
    ${spot}
    ${bokeh}
    ${mic}
    ${sparkles}
    ${crowd}
    ${finish(0.08)}`;
  return svgDoc(defs, body);
}

// ---------------------------------------------------------------- partner logos (400x200)

const LW = 400;
const LH = 200;

function logoDoc(mark, text) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${LW}" height="${LH}" viewBox="0 0 ${LW} ${LH}">
  <g transform="translate(20 30)">${mark}</g>
  ${text}
</svg>`;
}

/** Wordmark block: small overline, big name, tagline. x = left edge. */
function wordmark({ x = 172, over, name, tag, color, accent, nameSize = 40, family = FONT, overSpacing = 4, nameWeight = "bold", nameY = 114 }) {
  return `
  <text class="fit" x="${x}" y="${nameY - nameSize - 6}" font-family="${FONT}" font-size="14" font-weight="bold" letter-spacing="${overSpacing}" fill="${accent}">${over}</text>
  <text class="fit" x="${x - 2}" y="${nameY}" font-family="${family}" font-size="${nameSize}" font-weight="${nameWeight}" fill="${color}" letter-spacing="-0.5">${name}</text>
  <rect x="${x}" y="${nameY + 16}" width="36" height="3" rx="1.5" fill="${accent}"/>
  <text class="fit" x="${x + 44}" y="${nameY + 21}" font-family="${FONT}" font-size="12" fill="${color}" opacity="0.75" letter-spacing="1">${tag}</text>`;
}

const partners = {
  "pizzeria-vesuvio": () =>
    logoDoc(
      `<circle cx="70" cy="70" r="66" fill="#c8102e"/>
       <circle cx="70" cy="70" r="58" fill="none" stroke="#fff" stroke-width="2" stroke-dasharray="2 5"/>
       <path d="M22,100 L56,48 Q62,40 68,46 L72,50 Q76,44 82,48 L118,100Z" fill="#fff"/>
       <path d="M56,48 Q62,40 68,46 L72,50 Q76,44 82,48 L90,60 Q80,56 72,62 Q64,56 50,58Z" fill="#f6c343"/>
       <path d="M64,36 q-6,-8 2,-14 q8,-6 2,-14" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round"/>
       <path d="M78,38 q-5,-7 2,-12" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" opacity="0.8"/>
       <circle cx="50" cy="86" r="5" fill="#c8102e"/><circle cx="74" cy="80" r="5" fill="#c8102e"/><circle cx="94" cy="90" r="5" fill="#c8102e"/>
       <path d="M40,88 q4,-4 8,0 M82,92 q4,-4 8,0" stroke="#2e8b3e" stroke-width="3" fill="none" stroke-linecap="round"/>`,
      wordmark({ over: "PIZZERIA", name: "Vesuvio", tag: "FORNO A LEGNA · NAPOLI", color: "#2b1a12", accent: "#c8102e", nameSize: 50 }),
    ),
  "caffe-partenope": () =>
    logoDoc(
      `<circle cx="70" cy="70" r="66" fill="#3b2418"/>
       <circle cx="70" cy="70" r="60" fill="none" stroke="#d9a441" stroke-width="2"/>
       <path d="M36,72 h60 v6 q0,30 -30,30 q-30,0 -30,-30Z" fill="#f4e6cf"/>
       <path d="M96,80 q16,0 16,12 q0,12 -18,10" fill="none" stroke="#f4e6cf" stroke-width="5"/>
       <rect x="28" y="110" width="84" height="5" rx="2.5" fill="#d9a441"/>
       <path d="M40,72 q10,-8 18,0 q10,8 20,0 q8,-6 16,0" fill="none" stroke="#3b2418" stroke-width="3"/>
       <path d="M54,60 q-8,-10 0,-18 q8,-8 0,-18" fill="none" stroke="#d9a441" stroke-width="3.5" stroke-linecap="round"/>
       <path d="M70,62 q-8,-10 0,-18 q8,-8 0,-18" fill="none" stroke="#d9a441" stroke-width="3.5" stroke-linecap="round"/>
       <path d="M86,60 q-8,-10 0,-18 q8,-8 0,-18" fill="none" stroke="#d9a441" stroke-width="3.5" stroke-linecap="round"/>`,
      wordmark({ over: "CAFFÈ", name: "Partenope", tag: "TORREFAZIONE DAL 1962", color: "#3b2418", accent: "#b8862b", nameSize: 42, family: SERIF }),
    ),
  "autofficina-mergellina": () => {
    let teeth = "";
    for (let i = 0; i < 10; i++) teeth += `<rect x="62" y="8" width="16" height="22" rx="3" transform="rotate(${i * 36} 70 70)" fill="#1f3b63"/>`;
    return logoDoc(
      `${teeth}
       <circle cx="70" cy="70" r="50" fill="#1f3b63"/>
       <circle cx="70" cy="70" r="36" fill="#f28c28"/>
       <g transform="rotate(-45 70 70)">
         <rect x="66" y="54" width="8" height="32" fill="#fff"/>
         <circle cx="70" cy="54" r="10.5" fill="#fff"/><rect x="66" y="42" width="8" height="10" fill="#f28c28"/>
         <circle cx="70" cy="86" r="10.5" fill="#fff"/><rect x="66" y="88" width="8" height="10" fill="#f28c28"/>
       </g>`,
      wordmark({ over: "AUTOFFICINA", name: "Mergellina", tag: "MECCANICA · GOMME", color: "#1f3b63", accent: "#f28c28", nameSize: 40, family: `'DejaVu Sans Condensed', ${FONT}`, overSpacing: 3 }),
    );
  },
  "hotel-chiaia": () =>
    logoDoc(
      `<path d="M18,136 V62 A52,52 0 0 1 122,62 V136Z" fill="#14284b"/>
       <path d="M30,136 V64 A40,40 0 0 1 110,64 V136" fill="none" stroke="#c9a55a" stroke-width="2.5"/>
       <path d="M46,136 V70 A24,24 0 0 1 94,70 V136Z" fill="#c9a55a" opacity="0.18"/>
       <path d="M46,136 V70 A24,24 0 0 1 94,70 V136" fill="none" stroke="#c9a55a" stroke-width="2"/>
       <line x1="70" y1="46" x2="70" y2="136" stroke="#c9a55a" stroke-width="2"/>
       <line x1="46" y1="96" x2="94" y2="96" stroke="#c9a55a" stroke-width="2"/>
       ${[0, 1, 2, 3].map((i) => `<path d="${starPath(43 + i * 18, 22, 6)}" fill="#c9a55a"/>`).join("")}
       <rect x="10" y="134" width="120" height="4" fill="#c9a55a"/>`,
      wordmark({ over: "HOTEL", name: "Chiaia", tag: "LUNGOMARE DI NAPOLI", color: "#14284b", accent: "#b08d45", nameSize: 50, family: SERIF, overSpacing: 8, nameWeight: "normal" }),
    ),
  "radio-golfo": () =>
    logoDoc(
      `<defs>${linear("rg", [[0, "#7b2ff7"], [1, "#f107a3"]], [0, 0, 1, 1])}</defs>
       <rect x="4" y="4" width="132" height="132" rx="30" fill="url(#rg)"/>
       <circle cx="70" cy="62" r="9" fill="#fff"/>
       <path d="M52,44 a26,26 0 0 0 0,36 M88,44 a26,26 0 0 1 0,36" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round"/>
       <path d="M38,30 a45,45 0 0 0 0,64 M102,30 a45,45 0 0 1 0,64" fill="none" stroke="#fff" stroke-width="6" stroke-linecap="round" opacity="0.75"/>
       <path d="M18,112 q13,-12 26,0 t26,0 t26,0 t26,0" fill="none" stroke="#fff" stroke-width="5" stroke-linecap="round"/>`,
      wordmark({ over: "FM 98.4 · DAB+", name: "Radio Golfo", tag: "LA VOCE DI NAPOLI", color: "#2a1140", accent: "#c21ad0", nameSize: 38 }),
    ),
  "lavaggio-posillipo": () =>
    logoDoc(
      `<path d="M70,4 C70,4 124,64 124,92 A54,54 0 0 1 16,92 C16,64 70,4 70,4Z" fill="#0fa3b1"/>
       <path d="M70,14 C70,14 116,66 116,92" fill="none" stroke="#fff" stroke-width="3" opacity="0.45" stroke-linecap="round"/>
       <path d="M34,106 l6,-16 q3,-7 10,-7 h40 q7,0 10,7 l6,16 q6,1 6,7 v8 h-84 v-8 q0,-6 6,-7Z" fill="#fff"/>
       <path d="M46,100 l4,-10 q1,-3 4,-3 h32 q3,0 4,3 l4,10Z" fill="#0fa3b1"/>
       <circle cx="48" cy="121" r="7" fill="#0b3c5d"/><circle cx="92" cy="121" r="7" fill="#0b3c5d"/>
       <circle cx="44" cy="60" r="7" fill="none" stroke="#fff" stroke-width="2.5"/>
       <circle cx="58" cy="46" r="4" fill="none" stroke="#fff" stroke-width="2"/>
       <circle cx="96" cy="58" r="5" fill="none" stroke="#fff" stroke-width="2"/>`,
      wordmark({ over: "LAVAGGIO", name: "Posillipo", tag: "AUTOLAVAGGIO · INTERNI", color: "#0b3c5d", accent: "#0fa3b1", nameSize: 44 }),
    ),
};

// ---------------------------------------------------------------- render

/** Chromium's own WebP encoder (canvas.toDataURL), fed a lossless PNG screenshot: no other tool needed. */
async function writeWebp(page, png, out, quality) {
  const dataUrl = await page.evaluate(
    async ({ b64, quality }) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement("canvas");
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      canvas.getContext("2d").drawImage(img, 0, 0);
      return canvas.toDataURL("image/webp", quality);
    },
    { b64: png.toString("base64"), quality },
  );
  writeFileSync(out, Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"));
}

async function main() {
  mkdirSync(FALLBACK_DIR, { recursive: true });
  mkdirSync(PARTNER_DIR, { recursive: true });
  const executablePath = process.env.CHROMIUM_PATH || (existsSync("/usr/bin/chromium") ? "/usr/bin/chromium" : undefined);
  const browser = await chromium.launch({ executablePath });
  try {
    const page = await browser.newPage({ viewport: { width: W, height: H }, deviceScaleFactor: 1 });
    const scenes = { pinguini: scenePinguini, champions: sceneChampions, edenlandia: sceneEdenlandia, napoli: sceneNapoli, elodie: sceneElodie };
    for (const [name, fn] of Object.entries(scenes)) {
      const html = `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:#000}svg{display:block}</style></head><body>${fn()}</body></html>`;
      await page.setContent(html, { waitUntil: "load" });
      const out = join(FALLBACK_DIR, `${name}.webp`);
      await writeWebp(page, await page.screenshot({ type: "png", clip: { x: 0, y: 0, width: W, height: H } }), out, 0.8);
      console.log(`${out.slice(ROOT.length + 1)}  ${(statSync(out).size / 1024).toFixed(1)} KB`);
    }

    await page.setViewportSize({ width: LW, height: LH });
    for (const [name, fn] of Object.entries(partners)) {
      const html = `<!doctype html><html><head><style>html,body{margin:0;padding:0;background:transparent}svg{display:block}</style></head><body>${fn()}</body></html>`;
      await page.setContent(html, { waitUntil: "load" });
      // Shrink any text that would run past the right margin.
      await page.evaluate((maxRight) => {
        for (const t of document.querySelectorAll("text.fit")) {
          let size = parseFloat(t.getAttribute("font-size"));
          while (t.getBBox().x + t.getBBox().width > maxRight && size > 8) {
            size -= 0.5;
            t.setAttribute("font-size", String(size));
          }
        }
      }, LW - 14);
      const out = join(PARTNER_DIR, `${name}.webp`);
      await writeWebp(page, await page.screenshot({ type: "png", omitBackground: true, clip: { x: 0, y: 0, width: LW, height: LH } }), out, 0.9);
      console.log(`${out.slice(ROOT.length + 1)}  ${(statSync(out).size / 1024).toFixed(1)} KB`);
    }
  } finally {
    await browser.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
