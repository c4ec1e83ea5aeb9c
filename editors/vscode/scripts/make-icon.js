#!/usr/bin/env node
// Draws the extension icon (128x128 PNG): the rune fehu, the first letter
// of the futhark alphabet, on a rounded square. No dependencies:
//   node scripts/make-icon.js images/icon.png
'use strict';

const fs = require('node:fs');
const zlib = require('node:zlib');

const SIZE = 128;
const SAMPLES = 4; // supersampling per axis, for anti-aliasing

const background = { top: [0x1d, 0x2b, 0x4a], bottom: [0x33, 0x55, 0x8f] };
const ink = [0xf4, 0xc4, 0x4e];
const radius = 26; // corner radius of the square
const stroke = 7; // half the width of a rune stroke
const strokes = [
  [48, 22, 48, 106], // stem
  [48, 54, 86, 28], // upper branch
  [48, 80, 86, 54], // lower branch
];

function distanceToSegment(px, py, [x1, y1, x2, y2]) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const t = Math.max(0, Math.min(1, ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)));
  return Math.hypot(px - (x1 + t * dx), py - (y1 + t * dy));
}

function insideRoundedSquare(x, y) {
  const cx = Math.min(Math.max(x, radius), SIZE - radius);
  const cy = Math.min(Math.max(y, radius), SIZE - radius);
  return Math.hypot(x - cx, y - cy) <= radius;
}

function pixel(x, y) {
  let cover = 0;
  let runeCover = 0;
  for (let i = 0; i < SAMPLES; i++) {
    for (let j = 0; j < SAMPLES; j++) {
      const sx = x + (i + 0.5) / SAMPLES;
      const sy = y + (j + 0.5) / SAMPLES;
      if (!insideRoundedSquare(sx, sy)) continue;
      cover++;
      if (strokes.some((s) => distanceToSegment(sx, sy, s) <= stroke)) runeCover++;
    }
  }
  const n = SAMPLES * SAMPLES;
  if (cover === 0) return [0, 0, 0, 0];
  const t = y / (SIZE - 1);
  const bg = background.top.map((c, k) => c + (background.bottom[k] - c) * t);
  const mix = runeCover / cover;
  const rgb = bg.map((c, k) => Math.round(c + (ink[k] - c) * mix));
  return [...rgb, Math.round((255 * cover) / n)];
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(buf) {
  let c = 0xffffffff;
  for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

function png() {
  const raw = Buffer.alloc(SIZE * (1 + SIZE * 4));
  for (let y = 0; y < SIZE; y++) {
    const row = y * (1 + SIZE * 4);
    raw[row] = 0; // filter: none
    for (let x = 0; x < SIZE; x++) {
      Buffer.from(pixel(x, y)).copy(raw, row + 1 + x * 4);
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(SIZE, 0);
  header.writeUInt32BE(SIZE, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // colour type: RGBA
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const out = process.argv[2] ?? 'images/icon.png';
fs.writeFileSync(out, png());
console.log(`wrote ${out}`);
