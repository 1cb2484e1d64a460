// The language of lyrics from their scripts (player/lyrics-language.ts): kana → ja even beside English
// lines, Hangul → ko, Han alone → zh, Latin alone → none (the page's language).
import { describe, expect, it } from 'vitest';
import { lyricsLanguage } from '../../../../src-renderer/src/player/lyrics-language';

const lines = (...texts: string[]) => texts.map((text) => ({ time_ms: 0, text }));

describe('lyricsLanguage', () => {
  it('reads the language from the scripts of the whole text', () => {
    expect(lyricsLanguage(lines('桜の便り 届いた朝', 'Say hello to spring'))).toBe('ja');
    expect(lyricsLanguage(lines('ｻｸﾗ'))).toBe('ja');
    expect(lyricsLanguage(lines('사랑해', 'I love you'))).toBe('ko');
    expect(lyricsLanguage(lines('春风十里', '不如你'))).toBe('zh');
    expect(lyricsLanguage(lines('Fly me to the moon', '♪'))).toBeUndefined();
    expect(lyricsLanguage([])).toBeUndefined();
  });
});
