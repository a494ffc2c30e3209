// The deal's fingerprint: the SHA-256 (hex) of the seed's canonical text, its decimal digits
// (sweettooth.core.fingerprint is the one definition; the server publishes it as seed_sha256
// when the table opens). Shown short (SHORT hex digits) with the whole in its title and a copy
// button; the end screen hashes the published seed again here and says whether it matches.
// Web Crypto (crypto.subtle) exists only in a secure context (https, localhost): on plain http
// at a LAN address the small pure-JS SHA-256 below does the same (tested on known vectors).
import { h } from "./dom.js";

export const SHORT = 12;

/** The canonical text of a seed given as digits (or a number): its decimal digits. */
export function seedText(seed) {
  const text = String(seed).trim();
  if (!/^[0-9]+$/.test(text)) throw new Error(`a seed is decimal digits, got ${JSON.stringify(text)}`);
  return BigInt(text).toString(10);
}

const K = new Uint32Array([
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
]);

/** SHA-256 (lowercase hex) of `text` (UTF-8), in plain JavaScript. */
export function sha256Pure(text) {
  const msg = new TextEncoder().encode(String(text));
  const bits = msg.length * 8;
  const padded = new Uint8Array(((msg.length + 9 + 63) >> 6) << 6);
  padded.set(msg);
  padded[msg.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bits / 0x100000000));
  view.setUint32(padded.length - 4, bits >>> 0);
  const H = new Uint32Array([0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
    0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19]);
  const W = new Uint32Array(64);
  const rotr = (x, n) => (x >>> n) | (x << (32 - n));
  for (let off = 0; off < padded.length; off += 64) {
    for (let i = 0; i < 16; i++) W[i] = view.getUint32(off + 4 * i);
    for (let i = 16; i < 64; i++) {
      const a = W[i - 15], b = W[i - 2];
      const s0 = rotr(a, 7) ^ rotr(a, 18) ^ (a >>> 3);
      const s1 = rotr(b, 17) ^ rotr(b, 19) ^ (b >>> 10);
      W[i] = (W[i - 16] + s0 + W[i - 7] + s1) >>> 0;
    }
    let [a, b, c, d, e, f, g, hh] = H;
    for (let i = 0; i < 64; i++) {
      const t1 = (hh + (rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25)) + ((e & f) ^ (~e & g)) + K[i] + W[i]) >>> 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) >>> 0;
      hh = g; g = f; f = e; e = (d + t1) >>> 0; d = c; c = b; b = a; a = (t1 + t2) >>> 0;
    }
    const add = [a, b, c, d, e, f, g, hh];
    for (let i = 0; i < 8; i++) H[i] = (H[i] + add[i]) >>> 0;
  }
  return [...H].map((x) => x.toString(16).padStart(8, "0")).join("");
}

/** SHA-256 (hex) of `text`: Web Crypto where the page has it, else sha256Pure. */
export async function sha256Hex(text) {
  const subtle = globalThis.crypto && globalThis.crypto.subtle;
  if (!subtle) return sha256Pure(text);
  const digest = await subtle.digest("SHA-256", new TextEncoder().encode(String(text)));
  return [...new Uint8Array(digest)].map((x) => x.toString(16).padStart(2, "0")).join("");
}

/** The fingerprint of a seed (digits): SHA-256 of its canonical text. */
export async function seedFingerprint(seed) {
  return sha256Hex(seedText(seed));
}

async function copyText(text, btn) {
  try { await navigator.clipboard.writeText(text); btn.textContent = "Copied!"; } catch { btn.textContent = text; }
}

/** "Deal fingerprint 1a2b3c4d5e6f [Copy]": short, the whole in its title and copied whole. */
export function fingerprintEl(sha, label = "Deal fingerprint") {
  if (!sha) return null;
  return h("span.fingerprint", {
    title: `SHA-256 of this table's seed, fixed before the first move: ${sha}. The seed is shown at the end: check it then.`,
    dataset: { sha },
  }, `${label} `, h("code", sha.slice(0, SHORT)),
  h("button.copyprint", {
    type: "button", "aria-label": `Copy the whole fingerprint ${sha}`,
    onclick: (e) => copyText(sha, e.currentTarget),
  }, "Copy"));
}
