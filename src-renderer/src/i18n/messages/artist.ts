// Strings of an artist's page and artist links (`artist.*`).
const en = {
  kicker: 'Artist',
  counts: '{albums} albums and shows · {songs} songs and episodes',
  albums: 'Albums and shows',
  songs: 'Songs and episodes',
  notFound: 'Nothing in the catalogue names “{name}”.',
  open: 'More by {name}',
};
type Shape = typeof en;

const zhHans: Shape = {
  kicker: '艺术家',
  counts: '{albums} 张专辑与节目 · {songs} 首歌曲与节目单集',
  albums: '专辑与节目',
  songs: '歌曲与节目单集',
  notFound: '目录中没有署名“{name}”的内容。',
  open: '{name} 的更多作品',
};

const ja: Shape = {
  kicker: 'アーティスト',
  counts: 'アルバム・番組 {albums} · 曲・エピソード {songs}',
  albums: 'アルバム・番組',
  songs: '曲・エピソード',
  notFound: 'カタログに「{name}」の名前はありません。',
  open: '{name} の作品をもっと見る',
};

export default { en, 'zh-Hans': zhHans, ja };
