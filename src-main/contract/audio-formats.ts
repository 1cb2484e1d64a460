// The audio formats a folder import takes, as `up_type` names them, with what the server and the player
// need to know of each: the MIME type /files/… answers, whether Chromium (and so Electron) decodes it,
// and the file extensions the import looks for. Shared by the import, the file routes and the player
// (docs/sources.md, "Audio formats").

/** `up_type` of a song's file: the real format read from its bytes, not its name. */
export type AudioType = 'mp3' | 'flac' | 'ogg' | 'opus' | 'm4a' | 'alac' | 'wav' | 'aiff' | 'wv' | 'ape' | 'mpc' | 'wma';

export interface AudioFormat {
  /** What the format is called in the UI. */
  label: string;
  /** The Content-Type its file is served with. */
  mime: string;
  /** Chromium and Electron decode it; otherwise it plays transcoded, when ffmpeg is there. */
  browserPlays: boolean;
}

export const AUDIO_FORMATS: Record<AudioType, AudioFormat> = {
  mp3: { label: 'MP3', mime: 'audio/mpeg', browserPlays: true },
  flac: { label: 'FLAC', mime: 'audio/flac', browserPlays: true },
  ogg: { label: 'Ogg Vorbis', mime: 'audio/ogg', browserPlays: true },
  opus: { label: 'Opus', mime: 'audio/ogg', browserPlays: true },
  m4a: { label: 'AAC', mime: 'audio/mp4', browserPlays: true },
  alac: { label: 'Apple Lossless', mime: 'audio/mp4', browserPlays: false },
  wav: { label: 'WAV', mime: 'audio/wav', browserPlays: true },
  aiff: { label: 'AIFF', mime: 'audio/aiff', browserPlays: false },
  wv: { label: 'WavPack', mime: 'audio/x-wavpack', browserPlays: false },
  ape: { label: "Monkey's Audio", mime: 'audio/x-ape', browserPlays: false },
  mpc: { label: 'Musepack', mime: 'audio/x-musepack', browserPlays: false },
  wma: { label: 'WMA', mime: 'audio/x-ms-wma', browserPlays: false },
};

/** File extensions (lower case, no dot) an import reads, with the MIME type /files/… serves them with. */
export const AUDIO_EXTENSIONS: Readonly<Record<string, string>> = {
  mp3: 'audio/mpeg',
  flac: 'audio/flac',
  ogg: 'audio/ogg',
  oga: 'audio/ogg',
  opus: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'audio/mp4',
  m4b: 'audio/mp4',
  wav: 'audio/wav',
  aif: 'audio/aiff',
  aiff: 'audio/aiff',
  aifc: 'audio/aiff',
  wv: 'audio/x-wavpack',
  ape: 'audio/x-ape',
  mpc: 'audio/x-musepack',
  wma: 'audio/x-ms-wma',
};

/** The lower-case extension of a file name ('' when it has none). */
export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 && dot > name.lastIndexOf('/') ? name.slice(dot + 1).toLowerCase() : '';
}

/** Whether a file of this name is one an import reads. */
export const isAudioFileName = (name: string): boolean => Object.hasOwn(AUDIO_EXTENSIONS, extensionOf(name));

/** Whether a file of this `up_type` plays only transcoded (unknown types are left to the browser). */
export const needsTranscode = (type: string): boolean => Object.hasOwn(AUDIO_FORMATS, type) && !AUDIO_FORMATS[type as AudioType].browserPlays;

/** Where the player streams a song that plays only transcoded: the upload's file, from `start` seconds on. */
export const transcodePath = (upId: number, start = 0): string => `/files/transcoded/${upId}${start > 0 ? `?start=${Math.floor(start * 1000) / 1000}` : ''}`;
