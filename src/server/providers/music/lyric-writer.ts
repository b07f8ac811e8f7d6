import { type Mood, rng } from './theory';

type Lang = 'zh-CN' | 'zh-TW' | 'en-US';
type Group = 'bright' | 'sad' | 'calm' | 'epic';
interface Book {
  lines: Record<Group, [string[], string[]]>;
  images: string[];
  titles: Record<Group, string>;
  marks: [string, string];
}

const GROUP: Record<Mood, Group> = { happy: 'bright', romantic: 'bright', sad: 'sad', calm: 'calm', epic: 'epic' };

// Four lines per group: verse then chorus. {a} and {b} take images from the description.
const ZH: Record<Group, [string[], string[]]> = {
  bright: [
    ['{a}的风轻轻吹过', '我们笑着走在{b}里', '每一天都像新的开始', '心跳跟着节拍在跳舞'],
    ['啦啦啦 {a}在唱歌', '把快乐装满整个{b}', '牵着手一起飞向远方', '这一刻我们闪闪发光'],
  ],
  sad: [
    ['{a}落在空荡的街角', '你的背影慢慢走远', '{b}里藏着没说的话', '回忆一遍遍地重播'],
    ['如果{a}能够停留', '我会不会不再难过', '眼泪落进{b}的梦里', '说一声再见好好保重'],
  ],
  calm: [
    ['{a}安静地亮着', '时间慢慢地流过', '{b}轻轻把我包围', '闭上眼听见呼吸'],
    ['就这样慢慢地走', '让{a}陪着我', '所有的烦恼都放下', '在{b}里温柔入睡'],
  ],
  epic: [
    ['穿过{a}和黑夜', '脚下是漫长的路', '{b}在前方呼唤', '我从不曾停下脚步'],
    ['燃烧吧 我的梦想', '冲破{a}迎着光', '就算跌倒也要再站起来', '让{b}听见我的回响'],
  ],
};

const TW: Record<Group, [string[], string[]]> = {
  bright: [
    ['{a}的風輕輕吹過', '我們笑著走在{b}裡', '每一天都像新的開始', '心跳跟著節拍在跳舞'],
    ['啦啦啦 {a}在唱歌', '把快樂裝滿整個{b}', '牽著手一起飛向遠方', '這一刻我們閃閃發光'],
  ],
  sad: [
    ['{a}落在空蕩的街角', '你的背影慢慢走遠', '{b}裡藏著沒說的話', '回憶一遍遍地重播'],
    ['如果{a}能夠停留', '我會不會不再難過', '眼淚落進{b}的夢裡', '說一聲再見好好保重'],
  ],
  calm: [
    ['{a}安靜地亮著', '時間慢慢地流過', '{b}輕輕把我包圍', '閉上眼聽見呼吸'],
    ['就這樣慢慢地走', '讓{a}陪著我', '所有的煩惱都放下', '在{b}裡溫柔入睡'],
  ],
  epic: [
    ['穿過{a}和黑夜', '腳下是漫長的路', '{b}在前方呼喚', '我從不曾停下腳步'],
    ['燃燒吧 我的夢想', '衝破{a}迎著光', '就算跌倒也要再站起來', '讓{b}聽見我的迴響'],
  ],
};

const EN: Record<Group, [string[], string[]]> = {
  bright: [
    [
      'The {a} is calling out my name',
      'We are running through the {b}',
      'Every morning feels brand new',
      'My heart is dancing to the beat',
    ],
    [
      'Sing it loud beneath the {a}',
      'Fill the {b} with all our light',
      'Hand in hand we fly away',
      'Right now we are shining bright',
    ],
  ],
  sad: [
    [
      'The {a} falls on an empty street',
      'I watch you slowly walk away',
      'The {b} keeps the words unsaid',
      'Memories replay again',
    ],
    [
      'If the {a} could only stay',
      'Would this heart still feel the rain',
      'Tears are falling in the {b}',
      'So goodbye and take good care',
    ],
  ],
  calm: [
    [
      'The {a} is glowing soft and still',
      'Time goes drifting slowly by',
      'The {b} is wrapping me in blue',
      'Close my eyes and hear me breathe',
    ],
    [
      'Let us wander slow tonight',
      'Let the {a} stay by my side',
      'Leave the worries far behind',
      'Fall asleep inside the {b}',
    ],
  ],
  epic: [
    [
      'Through the {a} and through the night',
      'The road is long beneath my feet',
      'The {b} is calling from afar',
      'I will never stop my stride',
    ],
    [
      'Burn it up my dream of fire',
      'Break the {a} and face the light',
      'If I fall I rise again',
      'Let the {b} hear me roar',
    ],
  ],
};

const BOOKS: Record<Lang, Book> = {
  'zh-CN': {
    lines: ZH,
    images: [
      '夏天',
      '大海',
      '雨',
      '星空',
      '月光',
      '城市',
      '夜',
      '风',
      '花',
      '梦',
      '路',
      '家',
      '青春',
      '阳光',
      '雪',
      '山',
      '河',
      '天空',
      '故乡',
      '春天',
      '秋天',
      '远方',
      '灯火',
      '街',
      '校园',
      '列车',
    ],
    titles: { bright: '夏日微风', sad: '雨后的街', calm: '月光小夜曲', epic: '逆风飞翔' },
    marks: ['[主歌]', '[副歌]'],
  },
  'zh-TW': {
    lines: TW,
    images: [
      '夏天',
      '大海',
      '雨',
      '星空',
      '月光',
      '城市',
      '夜',
      '風',
      '花',
      '夢',
      '路',
      '家',
      '青春',
      '陽光',
      '雪',
      '山',
      '河',
      '天空',
      '故鄉',
      '春天',
      '秋天',
      '遠方',
      '燈火',
      '街',
      '校園',
      '列車',
    ],
    titles: { bright: '夏日微風', sad: '雨後的街', calm: '月光小夜曲', epic: '逆風飛翔' },
    marks: ['[主歌]', '[副歌]'],
  },
  'en-US': {
    lines: EN,
    images: [
      'summer',
      'ocean',
      'rain',
      'stars',
      'moon',
      'city',
      'night',
      'wind',
      'flowers',
      'dream',
      'road',
      'home',
      'sun',
      'snow',
      'mountains',
      'river',
      'sky',
      'spring',
      'autumn',
      'lights',
      'street',
      'train',
    ],
    titles: { bright: 'Summer Breeze', sad: 'After the Rain', calm: 'Moonlight Serenade', epic: 'Against the Wind' },
    marks: ['[Verse]', '[Chorus]'],
  },
};

const DEFAULT_IMAGES: Record<Group, [number, number]> = { bright: [0, 13], sad: [2, 20], calm: [4, 7], epic: [7, 16] };

/** A title from the description's first phrase ("写一首关于夏天的歌" → "夏天"), else the mood's. */
export function titleFrom(prompt: string, lang: Lang, mood: Mood): string {
  const first = prompt.split(/[，。！？；,.!?;\n]/)[0] ?? '';
  const core = first
    .replace(/^(请|請|帮我|幫我|给我|給我)?(写|寫|来|來|做|创作|創作)?(一首|一段)?(关于|關於)?/, '')
    .replace(/(的)?(歌曲|歌|音乐|音樂|曲子)$/, '')
    .replace(/^(a|an|the)?\s*(song|track|tune)\s*(about|of)?\s*/i, '')
    .trim();
  const max = lang === 'en-US' ? 40 : 12;
  if (core.length >= 2 && core.length <= max) return core;
  return BOOKS[lang].titles[GROUP[mood]];
}

/** Offline lyrics: a verse and a chorus in the mood, with images taken from the description. */
export function writeLyrics(prompt: string, lang: Lang, mood: Mood, seed: number): { title: string; lyrics: string } {
  const book = BOOKS[lang];
  const group = GROUP[mood];
  const lower = prompt.toLowerCase();
  const found = book.images.filter((w) => lower.includes(w.toLowerCase()));
  const random = rng(seed ^ 0x5bd1e995);
  const [da, db] = DEFAULT_IMAGES[group];
  const pool = [...found, book.images[da] ?? '', book.images[db] ?? ''];
  const a = pool[0] ?? '';
  const b = pool.find((w) => w !== a) ?? a;
  const [verse, chorus] = book.lines[group];
  const fill = (line: string) => line.replaceAll('{a}', a).replaceAll('{b}', b);
  // Repeat the chorus with its last two lines swapped when the seed says so: some variety per description.
  const tail = random() < 0.5 ? chorus : [...chorus.slice(0, 2), ...chorus.slice(2).reverse()];
  const lyrics = [book.marks[0], ...verse.map(fill), '', book.marks[1], ...tail.map(fill)].join('\n');
  return { title: titleFrom(prompt, lang, mood), lyrics };
}

export function lyricLang(lang: string): Lang {
  return lang === 'zh-TW' || lang === 'en-US' ? lang : 'zh-CN';
}
