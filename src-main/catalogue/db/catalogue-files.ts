// File names inside a catalogue folder, apart from the builder so that starting a server does not load
// the builder's dependencies (audio synthesis, pinyin, romaji) — they are needed only to build.
export const CATALOGUE_FILE = 'catalogue.db';
export const AUDIO_DIR = 'audio';
