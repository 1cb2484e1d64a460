// Synthesises short, seeded pieces of audio for the demo catalogue and encodes them to tagged MP3s.
// Longer than 200 lines because the synth, the ID3v2.3 writer and the encoder only make sense together.
import { Mp3Encoder } from '@breezystack/lamejs';

export const SAMPLE_RATE = 44100;
export const BITRATE_KBPS = 128;

/** 'melody' = a lead line over a bass; 'talk' = a jingle then voice-like babble (for radio episodes). */
export type SynthStyle = 'melody' | 'talk';

export interface SynthesiseMp3Options {
  /** Any string; the same seed always gives the same bytes, different seeds sound different. */
  seed: string;
  /** Whole seconds of audio. */
  seconds: number;
  style?: SynthStyle;
  title: string;
  artist: string;
  album: string;
  /** TRCK value, e.g. '3' or '3/5'. */
  track: string;
}

/** A pure function of its options: byte-identical output across runs and machines. */
export function synthesiseMp3(opts: SynthesiseMp3Options): Uint8Array {
  const pcm = synthesisePcm(opts.seed, opts.seconds, opts.style ?? 'melody');
  const tag = id3v23Tag([
    ['TIT2', opts.title],
    ['TPE1', opts.artist],
    ['TALB', opts.album],
    ['TRCK', opts.track],
  ]);
  return concat([tag, encodeMp3(pcm)]);
}

/** Mono 16-bit PCM at SAMPLE_RATE, exactly `seconds` long. */
export function synthesisePcm(seed: string, seconds: number, style: SynthStyle = 'melody'): Int16Array {
  const rand = seededRandom(seed);
  const buf = new Float32Array(Math.round(seconds * SAMPLE_RATE));
  if (style === 'melody') {
    renderMelody(buf, 0, buf.length, rand);
  } else {
    const jingle = Math.min(buf.length, 2 * SAMPLE_RATE);
    renderMelody(buf, 0, jingle, rand);
    renderTalk(buf, jingle, buf.length, rand);
  }
  // Short fades so tracks neither click in nor stop dead.
  const fadeIn = Math.round(0.02 * SAMPLE_RATE);
  const fadeOut = Math.min(buf.length, Math.round(0.6 * SAMPLE_RATE));
  const out = new Int16Array(buf.length);
  for (let i = 0; i < buf.length; i++) {
    let g = 1;
    if (i < fadeIn) g = i / fadeIn;
    const left = buf.length - i;
    if (left < fadeOut) g *= left / fadeOut;
    const v = Math.max(-1, Math.min(1, buf[i] * g));
    out[i] = Math.round(v * 32767);
  }
  return out;
}

type Rand = () => number;

/** xmur3 string hash feeding mulberry32: tiny, fast, and stable (Math.random is not seedable). */
function seededRandom(seed: string): Rand {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  let a = (h ^= h >>> 16) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rand: Rand, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];
const midiHz = (m: number): number => 440 * 2 ** ((m - 69) / 12);

const SCALES = [
  [0, 2, 4, 7, 9], // major pentatonic
  [0, 3, 5, 7, 10], // minor pentatonic
  [0, 2, 4, 5, 7, 9, 11], // major
  [0, 2, 3, 5, 7, 8, 10], // natural minor
] as const;
const STEP_BEATS = [0.5, 0.5, 1, 1, 1, 1.5, 2] as const;

/** A lead line (random walk on a seeded scale) over a root/fifth bass, into buf[from, to). */
function renderMelody(buf: Float32Array, from: number, to: number, rand: Rand): void {
  const beat = 60 / (80 + Math.floor(rand() * 60));
  const root = 55 + Math.floor(rand() * 12);
  const scale = pick(rand, SCALES);
  const triangle = rand() < 0.5;
  const degreeMidi = (d: number): number =>
    root + 12 * Math.floor(d / scale.length) + scale[((d % scale.length) + scale.length) % scale.length];

  let degree: number = scale.length; // start an octave above the root
  let t = 0;
  const span = (to - from) / SAMPLE_RATE;
  while (t < span) {
    const len = pick(rand, STEP_BEATS) * beat;
    degree = Math.max(2, Math.min(2 * scale.length + 2, degree + Math.floor(rand() * 5) - 2));
    tone(buf, from, to, t, len, midiHz(degreeMidi(degree)), 0.32, triangle);
    t += len;
  }
  // The bass changes every bar of four beats, alternating root and fifth-ish degrees.
  for (let bar = 0; bar * 4 * beat < span; bar++) {
    const d = bar % 4 === 3 ? 4 : bar % 2 === 0 ? 0 : 3;
    tone(buf, from, to, bar * 4 * beat, 4 * beat, midiHz(degreeMidi(d) - 12), 0.22, false);
  }
}

/**
 * One enveloped note (attack, decay to sustain, release) added into buf, clipped to [from, to).
 * The sine comes from a rotating phasor rather than Math.sin per sample: same sound, a fraction of
 * the cost, and plain multiply-adds are just as deterministic.
 */
function tone(buf: Float32Array, from: number, to: number, start: number, len: number, hz: number, amp: number, triangle: boolean): void {
  const s0 = from + Math.round(start * SAMPLE_RATE);
  const n = Math.round(len * SAMPLE_RATE);
  const attack = 0.01 * SAMPLE_RATE;
  const decay = 0.08 * SAMPLE_RATE;
  const release = Math.min(n / 2, 0.06 * SAMPLE_RATE);
  const step = hz / SAMPLE_RATE;
  const cw = Math.cos(2 * Math.PI * step);
  const sw = Math.sin(2 * Math.PI * step);
  let sin = 0;
  let cos = 1;
  let frac = 0.25; // triangle phase, starting at its zero crossing
  for (let i = 0; i < n && s0 + i < to; i++) {
    let env = i < attack ? i / attack : i < attack + decay ? 1 - (0.4 * (i - attack)) / decay : 0.6;
    if (n - i < release) env *= (n - i) / release;
    // A sine with a touch of octave (sin 2p = 2 sin p cos p), or a triangle for a brighter lead.
    const v = triangle ? 1 - 4 * Math.abs(frac - 0.5) : sin + 0.5 * sin * cos;
    buf[s0 + i] += amp * env * v;
    const next = sin * cw + cos * sw;
    cos = cos * cw - sin * sw;
    sin = next;
    frac += step;
    if (frac >= 1) frac -= 1;
  }
}

/** Voice-like syllables: a gliding pitch whose harmonics are shaped by two seeded "formants". */
function renderTalk(buf: Float32Array, from: number, to: number, rand: Rand): void {
  const basePitch = 120 + rand() * 110;
  let s = from + Math.round(0.2 * SAMPLE_RATE);
  while (s < to) {
    const words = 3 + Math.floor(rand() * 6);
    for (let k = 0; k < words && s < to; k++) {
      const n = Math.round((0.08 + rand() * 0.2) * SAMPLE_RATE);
      const f1 = 300 + rand() * 500;
      const f2 = 900 + rand() * 1300;
      const f0 = basePitch * (0.9 + rand() * 0.25);
      const fall = 0.15 * rand();
      const gains: number[] = [];
      for (let h = 1; h <= 10; h++) {
        const f = h * f0;
        gains.push(Math.exp(-(((f - f1) / 200) ** 2)) + 0.6 * Math.exp(-(((f - f2) / 300) ** 2)) + 0.05);
      }
      let phase = 0;
      for (let i = 0; i < n && s + i < to; i++) {
        const x = i / n;
        phase += (2 * Math.PI * f0 * (1 - fall * x)) / SAMPLE_RATE;
        // Harmonics by the recurrence sin((h+1)p) = 2 cos p sin(hp) - sin((h-1)p): two Math calls, not ten.
        const c2 = 2 * Math.cos(phase);
        let prev = 0;
        let cur = Math.sin(phase);
        let v = 0;
        for (let h = 0; h < gains.length; h++) {
          v += gains[h] * cur;
          const next = c2 * cur - prev;
          prev = cur;
          cur = next;
        }
        buf[s + i] += 0.18 * Math.sin(Math.PI * x) * v;
      }
      s += n + Math.round((0.02 + rand() * 0.08) * SAMPLE_RATE);
    }
    s += Math.round((0.25 + rand() * 0.4) * SAMPLE_RATE); // a breath between sentences
  }
}

/** CBR MP3 frames (no Xing/Info header: lamejs's Mp3Encoder never writes one). */
function encodeMp3(pcm: Int16Array): Uint8Array {
  const encoder = new Mp3Encoder(1, SAMPLE_RATE, BITRATE_KBPS);
  const parts: Uint8Array[] = [];
  const chunk = 1152 * 16;
  for (let i = 0; i < pcm.length; i += chunk) parts.push(encoder.encodeBuffer(pcm.subarray(i, i + chunk)));
  parts.push(encoder.flush());
  // lamejs really returns Int8Arrays (its typings say Uint8Array); view the same bytes unsigned.
  return concat(parts.map((p) => new Uint8Array(p.buffer, p.byteOffset, p.byteLength)));
}

/**
 * A minimal ID3v2.3 tag of text frames. Latin-1 text is stored as encoding 0; anything else as
 * UTF-16 with a BOM, the only Unicode encoding v2.3 allows (v2.4's UTF-8 is not read by older players).
 */
export function id3v23Tag(frames: [id: string, text: string][]): Uint8Array {
  const bodies = frames.map(([id, text]) => {
    const payload = /^[\u0000-\u00ff]*$/.test(text) ? latin1Text(text) : utf16Text(text);
    const head = new Uint8Array(10);
    head.set(Buffer.from(id, 'latin1'), 0);
    new DataView(head.buffer).setUint32(4, payload.length); // v2.3 frame sizes are plain big-endian
    return concat([head, payload]);
  });
  const body = concat(bodies);
  const header = new Uint8Array(10);
  header.set([0x49, 0x44, 0x33, 3, 0, 0], 0); // 'ID3', v2.3.0, no flags
  // The tag size is syncsafe: 7 bits per byte so it can never look like an MPEG frame sync.
  for (let i = 0; i < 4; i++) header[6 + i] = (body.length >>> (7 * (3 - i))) & 0x7f;
  return concat([header, body]);
}

function latin1Text(text: string): Uint8Array {
  return concat([Uint8Array.of(0), Buffer.from(text, 'latin1')]);
}

function utf16Text(text: string): Uint8Array {
  return concat([Uint8Array.of(1, 0xff, 0xfe), Buffer.from(text, 'utf16le')]);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
