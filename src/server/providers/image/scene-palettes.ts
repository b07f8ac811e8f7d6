/** Palettes and the words that pick them, for the offline renderer's scenes. */

export type Motif = 'mountains' | 'sea' | 'night' | 'city' | 'forest' | 'bloom' | 'snow' | 'dream';

export interface Theme {
  motif: Motif;
  /** Sky from top to horizon. */
  sky: [string, string, string];
  /** Sun or moon colour. */
  light: string;
  /** Ground layers from far to near. */
  land: [string, string, string, string];
  accent: string;
}

/** Palettes per motif: sky top to horizon, light, ground layers far to near, accent. */
export const THEMES: Record<Motif, Theme[]> = {
  mountains: [
    {
      motif: 'mountains',
      sky: ['#1d2b64', '#f8cdda', '#ffd9a0'],
      light: '#fff1c9',
      land: ['#9a8fb8', '#6c5f8d', '#463d66', '#261f3d'],
      accent: '#ffb38a',
    },
    {
      motif: 'mountains',
      sky: ['#5b86e5', '#a8d8f0', '#e8f6ff'],
      light: '#fffdf0',
      land: ['#a3c4d9', '#6f98b3', '#3f6a86', '#1e3c52'],
      accent: '#ffffff',
    },
  ],
  sea: [
    {
      motif: 'sea',
      sky: ['#0f3057', '#5fa8d3', '#cae9ff'],
      light: '#fff6d6',
      land: ['#62b6cb', '#1b98e0', '#13315c', '#0b2545'],
      accent: '#e0fbfc',
    },
    {
      motif: 'sea',
      sky: ['#355c7d', '#c06c84', '#f8b195'],
      light: '#ffe8c2',
      land: ['#f67280', '#6c5b7b', '#355c7d', '#1b2a41'],
      accent: '#ffd6a5',
    },
  ],
  night: [
    {
      motif: 'night',
      sky: ['#03001e', '#1f1c4d', '#3a3b7a'],
      light: '#f5f3ce',
      land: ['#2b2d5c', '#1d1e45', '#121334', '#07081f'],
      accent: '#9fa8ff',
    },
  ],
  city: [
    {
      motif: 'city',
      sky: ['#120136', '#8f2d8c', '#ff6f91'],
      light: '#ffd1e8',
      land: ['#3c1f5c', '#2a1147', '#1a0833', '#0c0320'],
      accent: '#00f0ff',
    },
  ],
  forest: [
    {
      motif: 'forest',
      sky: ['#134e5e', '#71b280', '#e9f5db'],
      light: '#fffbe0',
      land: ['#8fb996', '#4f7c5a', '#2d5a3d', '#163020'],
      accent: '#f1e4a8',
    },
  ],
  bloom: [
    {
      motif: 'bloom',
      sky: ['#ffafbd', '#ffc3a0', '#fff0e5'],
      light: '#fffaf2',
      land: ['#f4a6c0', '#e26d9b', '#b64680', '#7d2a62'],
      accent: '#ffffff',
    },
  ],
  snow: [
    {
      motif: 'snow',
      sky: ['#8e9eab', '#cdd8e3', '#eef2f3'],
      light: '#ffffff',
      land: ['#dfe7ee', '#b8c7d6', '#8aa0b8', '#5e7691'],
      accent: '#ffffff',
    },
  ],
  dream: [
    {
      motif: 'dream',
      sky: ['#41295a', '#2f0743', '#7b4397'],
      light: '#ffd6f5',
      land: ['#dc2430', '#7b4397', '#41295a', '#1f1235'],
      accent: '#f9d423',
    },
    {
      motif: 'dream',
      sky: ['#0f2027', '#203a43', '#2c5364'],
      light: '#c3fff4',
      land: ['#43cea2', '#185a9d', '#10375c', '#08203a'],
      accent: '#f8ffae',
    },
  ],
};

/** Words that choose a motif, checked in this order. */
export const KEYWORDS: Array<[Motif, RegExp]> = [
  ['city', /城|街|楼|都市|赛博|霓虹|city|street|urban|cyber|neon|building/i],
  ['night', /夜|星|月|银河|宇宙|night|star|moon|galaxy|space|cosmos/i],
  ['sea', /海|浪|湖|河|水|沙滩|sea|ocean|wave|lake|river|beach|water/i],
  ['snow', /雪|冬|冰|snow|winter|ice|frost/i],
  ['bloom', /花|春|樱|桃|玫瑰|flower|spring|blossom|sakura|rose|garden/i],
  ['forest', /森林|树|林|竹|草原|forest|tree|wood|bamboo|meadow|jungle/i],
  ['mountains', /山|峰|日落|黄昏|夕阳|日出|mountain|peak|sunset|sunrise|dusk|valley/i],
];
