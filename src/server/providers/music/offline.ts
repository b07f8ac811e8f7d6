import { arrange } from './arrange';
import { renderCover } from './cover';
import { lyricLang, titleFrom, writeLyrics } from './lyric-writer';
import { splitLyrics } from './lyrics';
import { encodeMp3, id3 } from './mp3';
import { render, SAMPLE_RATE } from './synth';
import { planFromText, seedOf } from './theory';
import { AI_LABEL, type ComposeRequest, type MusicProvider } from './types';

const ARTIST = '妙笔 AI';
const ALBUM = '妙笔 AI 作曲';

/** The composer's whole input as one seed: the same request always gives the same file. */
export function requestSeed(r: ComposeRequest): number {
  return seedOf(r.mode, r.prompt, r.title, r.tags, r.lyrics, r.instrumental ? '1' : '0', lyricLang(r.lang));
}

/**
 * The offline composer: key, tempo and mood from the words, a chord
 * progression, a melody shaped by the lyric lines, bass and drums, rendered
 * to a small MP3 with an ID3 tag, plus a WebP cover. Works with no network.
 */
export function createOfflineComposer(): MusicProvider {
  return {
    mode: 'offline',
    async compose(request, ctx) {
      const seed = requestSeed(request);
      const lang = lyricLang(request.lang);
      const text = [request.prompt, request.title, request.tags, request.lyrics].join('\n');
      const plan = planFromText(text, seed);
      await ctx.progress(10, 'composing');
      let { lyrics, title } = request;
      if (request.instrumental) lyrics = '';
      else if (request.mode === 'inspiration' || !lyrics.trim()) {
        const written = writeLyrics(request.prompt || request.title || request.tags, lang, plan.mood, seed);
        lyrics = written.lyrics;
        title ||= written.title;
      }
      title ||= titleFrom(
        request.prompt || lyrics.split('\n').find((l) => l.trim() && !l.startsWith('[')) || '',
        lang,
        plan.mood,
      );
      const score = arrange(plan, splitLyrics(lyrics), seed);
      const tags = request.tags.trim() || `${plan.style}, ${plan.mood}`;
      await ctx.progress(20, 'composing');
      let reported = 20;
      const pcm = await render(score, seed, {
        signal: ctx.signal,
        onProgress: async (f) => {
          const p = Math.round(20 + f * 45);
          if (p - reported < 10) return;
          reported = p;
          await ctx.progress(p, 'composing');
        },
      });
      await ctx.progress(70, 'rendering');
      const body = await encodeMp3(pcm, SAMPLE_RATE, ctx.signal);
      const tag = id3({ title, artist: ARTIST, album: ALBUM, genre: tags, label: AI_LABEL, lyrics });
      await ctx.progress(90, 'rendering');
      const cover = await renderCover(score, plan.mood, seed);
      return {
        audio: { bytes: Buffer.concat([tag, body]), ext: 'mp3' },
        cover: { bytes: cover, ext: 'webp' },
        title,
        tags,
        lyrics,
        duration: Math.round((pcm.length / SAMPLE_RATE) * 10) / 10,
        meta: { key: score.key, bpm: plan.bpm, mood: plan.mood, style: plan.style },
      };
    },
    async writeLyrics(prompt, lang) {
      const seed = seedOf('lyrics', prompt, lyricLang(lang));
      const plan = planFromText(prompt, seed);
      return writeLyrics(prompt, lyricLang(lang), plan.mood, seed);
    },
  };
}
