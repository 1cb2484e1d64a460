// Hepburn romanisation of Japanese titles, so that search finds 進撃の巨人 as `shingeki no kyojin`
// (docs/search-and-performance.md "Names people type"). Kana are read as they are written; kanji by
// their reading in kuromoji's dictionary (IPADIC), the particles は, へ and を as wa, e and o. The
// dictionary is large (about 17 MB to load, a second to read), so it is loaded only by a build of the
// bundled catalogue, never by the server or an import.
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { IpadicFeatures, Tokenizer } from 'kuromoji';
import { toRomaji } from 'wanakana';

const JAPANESE = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Han}]/u;
/** Particles whose Hepburn spelling is not their kana's. */
const PARTICLES: Record<string, string> = { は: 'ワ', へ: 'エ', を: 'オ' };

export interface Romaniser {
  /** The title's romanisation, words separated by spaces, lower case; undefined when it has no Japanese. */
  romaji(title: string): string | undefined;
}

function readingOf(token: IpadicFeatures): string {
  if (token.pos === '助詞' && PARTICLES[token.surface_form]) return PARTICLES[token.surface_form];
  // Unknown words (names, coinages) have no reading: their kana stand for themselves.
  return token.reading && token.reading !== '*' ? token.reading : token.surface_form;
}

export function romaniserOf(tokenizer: Tokenizer<IpadicFeatures>): Romaniser {
  return {
    romaji(title) {
      const text = title.normalize('NFKC');
      if (!JAPANESE.test(text)) return undefined;
      // Readings are joined before they are romanised: a small っ at the end of one token doubles the
      // consonant that starts the next (ぼっ|ち → botchi).
      const words: string[] = [];
      let run = '';
      for (const token of tokenizer.tokenize(text)) {
        const reading = readingOf(token);
        if (/^[\p{Script=Katakana}\p{Script=Hiragana}ー]+$/u.test(reading)) {
          // A particle is a word of its own (no ha / wa run into the noun before it).
          if (token.pos === '助詞') {
            if (run) words.push(run);
            words.push(reading);
            run = '';
          } else run += reading;
        } else {
          if (run) words.push(run);
          run = '';
          words.push(reading);
        }
      }
      if (run) words.push(run);
      // What has no reading (a rare kanji) is left out rather than kept unread.
      const romaji = words
        .map((w) => toRomaji(w))
        .join(' ')
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, ' ')
        .trim();
      return romaji || undefined;
    },
  };
}

let loading: Promise<Romaniser> | undefined;

/** Loads the dictionary (once per process) and answers a romaniser. */
export function loadRomaniser(): Promise<Romaniser> {
  loading ??= (async () => {
    const require = createRequire(import.meta.url);
    const kuromoji = (await import('kuromoji')).default;
    const dicPath = join(dirname(require.resolve('kuromoji/package.json')), 'dict');
    const tokenizer = await new Promise<Tokenizer<IpadicFeatures>>((resolve, reject) =>
      kuromoji.builder({ dicPath }).build((err, built) => (err ? reject(err) : resolve(built))),
    );
    return romaniserOf(tokenizer);
  })();
  return loading;
}
