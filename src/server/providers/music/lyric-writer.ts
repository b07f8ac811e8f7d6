import { seededRandom } from '../../../shared/seeded-random';
import { EN, type Group, TW, ZH } from './lyric-templates';
import type { Mood } from './theory';

type Lang = 'zh-CN' | 'zh-TW' | 'en-US';
interface Book {
  lines: Record<Group, [string[], string[]]>;
  images: string[];
  titles: Record<Group, string>;
  marks: [string, string];
}

const GROUP: Record<Mood, Group> = { happy: 'bright', romantic: 'bright', sad: 'sad', calm: 'calm', epic: 'epic' };

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
  const random = seededRandom(seed ^ 0x5bd1e995);
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
