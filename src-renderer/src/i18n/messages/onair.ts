// Strings of the on-air week (`onair.*`).
const en = {
  title: 'On air this week',
  total: 'No shows | {n} show | {n} shows',
  dayCount: 'No shows | {n} show | {n} shows',
  today: 'Today',
  days: 'Days of the week',
  emptyDay: 'Nothing airs on {day}.',
  emptyWeek: 'Nothing is on air this week.',
  emptyWeekHint: 'The schedule lists shows that have begun and not yet ended.',
  loadError: 'The schedule could not be loaded.',
  clock: {
    label: 'Times',
    catalogue: 'Japan time',
    local: 'My time',
    catalogueNote: 'Times in Japan (Asia/Tokyo). A broadcast day runs 05:00–29:00: 25:30 is 01:30 the next morning.',
    localNote: 'Times in your time zone ({zone}); each show sits on the day it airs there.',
  },
  airs: 'Airs {day} at {time}',
  airingNow: 'airing now',
  left: { minutes: 'in {m} min', hours: 'in {h} h' },
  episode: 'Ep {n} {when}',
  next: 'Next',
  nextHint: 'The next show to begin today',
};
type Shape = typeof en;

const zhHans: Shape = {
  title: '本周放送',
  total: '没有节目 | {n} 部 | {n} 部',
  dayCount: '没有节目 | {n} 部 | {n} 部',
  today: '今天',
  days: '星期',
  emptyDay: '{day}没有放送。',
  emptyWeek: '本周没有正在放送的节目。',
  emptyWeekHint: '放送表只列出已开播且尚未完结的节目。',
  loadError: '无法加载放送表。',
  clock: {
    label: '时间',
    catalogue: '日本时间',
    local: '本地时间',
    catalogueNote: '日本时间（Asia/Tokyo）。放送日从 05:00 到 29:00：25:30 即次日凌晨 01:30。',
    localNote: '你所在时区（{zone}）的时间；节目排在当地播出的那一天。',
  },
  airs: '{day} {time} 播出',
  airingNow: '正在放送',
  left: { minutes: '{m} 分钟后', hours: '{h} 小时后' },
  episode: '第 {n} 话 {when}',
  next: '下一部',
  nextHint: '今天下一部开播的节目',
};

const ja: Shape = {
  title: '今週の放送',
  total: '番組なし | {n} 番組 | {n} 番組',
  dayCount: '番組なし | {n} 番組 | {n} 番組',
  today: '今日',
  days: '曜日',
  emptyDay: '{day}の放送はありません。',
  emptyWeek: '今週放送中の番組はありません。',
  emptyWeekHint: '放送が始まっていて、まだ終わっていない番組を表示します。',
  loadError: '放送表を読み込めませんでした。',
  clock: {
    label: '時刻',
    catalogue: '日本時間',
    local: '現地時間',
    catalogueNote: '日本時間（Asia/Tokyo）。放送日は 05:00〜29:00 で、25:30 は翌朝 1:30 です。',
    localNote: 'お使いのタイムゾーン（{zone}）の時刻です。番組はその地域で放送される曜日に並びます。',
  },
  airs: '{day} {time} 放送',
  airingNow: '放送中',
  left: { minutes: 'あと {m} 分', hours: 'あと {h} 時間' },
  episode: '第{n}話 {when}',
  next: '次',
  nextHint: '今日、次に始まる番組',
};

export default { en, 'zh-Hans': zhHans, ja };
