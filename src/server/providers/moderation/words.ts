/**
 * The built-in sensitive-word list, a starting point operators extend or trim
 * with MODERATION_WORDS_FILE and the console. Matching sees through case,
 * width, invisible characters, marks, look-alike letters, leet digits,
 * traditional forms and separators between characters (matcher.ts, normalize.ts).
 */

/** Status 12: content that may not be drawn (pornography, violence, crime, self-harm). */
export const VIOLATION_WORDS: readonly string[] = [
  '色情',
  '裸体',
  '裸照',
  '淫秽',
  '性交',
  '强奸',
  '幼女',
  '儿童色情',
  '血腥',
  '斩首',
  '虐杀',
  '肢解',
  '恐怖袭击',
  '炸弹制作',
  '制造炸药',
  '枪支制作',
  '毒品',
  '冰毒',
  '海洛因',
  '大麻种植',
  '赌博',
  '博彩',
  '自杀',
  '自残',
  '纳粹',
  '卐',
  'porn',
  'nsfw',
  'nude',
  'naked',
  'hentai',
  'sex',
  'rape',
  'gore',
  'beheading',
  'dismember',
  'terrorist attack',
  'bomb making',
  'heroin',
  'cocaine',
  'meth',
  'suicide',
  'self-harm',
  'nazi',
];

/**
 * Ordinary words that hold a listed Latin word of 4 letters or more, which is
 * otherwise found inside longer words ("xxpornxx"): a match inside one of
 * these is not a match ("method" is not "meth", "grape" not "rape"). A stem
 * covers its forms: "trapez" covers trapeze, trapezoid and trapezium.
 */
export const ORDINARY_WORDS: readonly string[] = [
  'method',
  'something',
  'methane',
  'methanol',
  'methyl',
  'amethyst',
  'prometheus',
  'grape',
  'drape',
  'scrape',
  'crape',
  'trapez',
  'rapeseed',
  'parapet',
  'therapeut',
  'heroine',
  'denude',
  'goreng',
  'ashkenazi',
];

/** Status 14: personal or confidential information that must not end up in a picture. */
export const SENSITIVE_WORDS: readonly string[] = [
  '身份证号',
  '身份证号码',
  '银行卡号',
  '银行账号',
  '信用卡号',
  '密码是',
  '家庭住址',
  '护照号',
  '社保号',
  '病历',
  'id card number',
  'credit card number',
  'bank account number',
  'passport number',
  'social security number',
];

/** Patterns of personal data (status 14): mainland ID numbers, mobile numbers, bank cards, e-mail addresses. */
export const SENSITIVE_PATTERNS: readonly RegExp[] = [
  /(?<!\d)\d{17}[\dXx](?![\dXx])/,
  /(?<!\d)1[3-9]\d{9}(?!\d)/,
  /(?<!\d)(?:\d[ -]?){16,19}(?!\d)/,
  /[\w.+-]+@[\w-]+\.[\w.-]+/,
];
