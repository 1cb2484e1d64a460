// Which tracks play gapless, and when the next one starts: pure, no DOM. A track plays from a decoded
// buffer (player/decoded-output.ts) when it joins the track after it — the same album, next in the
// album's order, both decodable by the browser and short enough to hold decoded — so the next one can
// be started on the sample the current one ends on. Everything else plays through the <audio> element,
// streamed. docs/architecture.md (Playback) gives the reasons and the limits.

/** Longest track held decoded: 10 minutes is about 230 MB of 32-bit stereo samples at 48 kHz. */
export const DECODED_MAX_SECONDS = 600;

interface JoinTrack {
  wikiId: number;
  /** The song's place in its album (sub_order). */
  order?: string;
  /** Seconds, from the catalogue (0 when unknown). */
  duration: number;
  /** Set when the browser cannot decode the file: it plays as a transcoded stream. */
  transcode?: number;
}

const ORDER = new Intl.Collator('en', { numeric: true });

/** The file can be decoded whole by the browser and held in memory. */
export const decodable = (t: JoinTrack): boolean => t.transcode === undefined && t.duration > 0 && t.duration <= DECODED_MAX_SECONDS;

/** `b` continues `a` with no gap: the same album, after it in the album's order, both decodable. */
export function joins(a: JoinTrack | null | undefined, b: JoinTrack | null | undefined): boolean {
  if (!a || !b || a === b || a.wikiId !== b.wikiId || a.order === undefined || b.order === undefined) return false;
  return ORDER.compare(a.order, b.order) < 0 && decodable(a) && decodable(b);
}

/**
 * The context time a buffer started at `when` from `offset` seconds into it ends at: where the next
 * track's first sample goes. Sources start on the context's sample grid, so this is exact.
 */
export const endTime = (when: number, offset: number, bufferSeconds: number): number => when + Math.max(0, bufferSeconds - offset);

/** The position (seconds into the track) of a buffer started at context time `when` from `offset`, at context time `now`. */
export const positionAt = (now: number, when: number, offset: number, bufferSeconds: number): number =>
  Math.min(bufferSeconds, Math.max(offset, offset + now - when));
