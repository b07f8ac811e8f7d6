import { type SQL, sql } from 'drizzle-orm';
import type { Runtime } from '../../runtime';
import { rowsOf } from './rows';
import { questionWords } from './segment';

// The keyword ranking (docs/knowledge.md#retrieval). jieba's single characters (年, 假…) match a
// large share of a big base, and ts_rank_cd over every match cost hundreds of milliseconds at
// 100,000 passages. So the candidates are gathered first, each source LIMITed on the GIN match:
// passages holding every multi-character word, then those holding each such word (per word, so
// a rare word's passages are not crowded out by a common one's); single characters are asked
// only when these give too few. Only the candidates are ranked: passages with all the longer
// words first, then with any of them, each group by ts_rank_cd over all the words.

/** Passages holding every longer word that are ranked. */
const ALL_WORDS_CAP = 200;
/** Passages each word adds to the candidates. */
const PER_WORD_CAP = 80;
/** Words asked one by one (the rest still count in the rank). */
const WORDS_ASKED = 16;

const tsq = (text: string) => sql`to_tsquery('simple', ${text})`;

/** Whether a word is one character (jieba's leftovers: they say little alone). */
const single = (w: string) => Array.from(w).length === 1;

/** The ids of the caller's passages in `baseIds` best matching the question's words, best first. */
export async function keywordRanking(
  rt: Runtime,
  userId: number,
  baseIds: number[],
  question: string,
  limit: number,
): Promise<number[]> {
  const all = questionWords(question);
  if (all.length === 0 || baseIds.length === 0) return [];
  const long = all.filter((w) => !single(w));
  const short = all.filter(single);
  const ids = sql.join(
    baseIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // `base_id + 0`: no index on the base may drive a word's LIMITed match. For a word in a fifth of
  // the base the planner walked the base's index in order, testing each passage's words until it
  // had enough (40 ms at 100,000 passages); the GIN index lists them in about one.
  const mine = sql`c.user_id = ${userId} and c.base_id + 0 in (${ids})`;
  const capped = (query: SQL, cap: number) =>
    sql`(select c.id from knowledge_chunks c where ${mine} and c.tsv @@ ${query} limit ${cap})`;
  const sources: SQL[] = [];
  if (long.length > 1) sources.push(capped(tsq(long.join(' & ')), ALL_WORDS_CAP));
  for (const w of long.slice(0, WORDS_ASKED)) sources.push(capped(tsq(w), PER_WORD_CAP));
  // Groups: 2 = every longer word, 1 = some; then the cover density over every word.
  const group =
    long.length > 0
      ? sql`(c.tsv @@ ${tsq(long.join(' & '))})::int + (c.tsv @@ ${tsq(long.join(' | '))})::int desc,`
      : sql``;
  const ranked = (from: SQL[]) =>
    rt.database.db.transaction(async (tx) => {
      // A LIMITed match on a word the statistics call common is planned as a table scan that stops
      // at the limit: on a word rarer than estimated it reads most of the table. The GIN index
      // answers every word in milliseconds.
      await tx.execute(sql`set local enable_seqscan = off`);
      return rowsOf<{ id: number }>(
        tx,
        sql`select c.id::int as id from knowledge_chunks c
            join (${sql.join(from, sql` union `)}) cand on cand.id = c.id
            order by ${group} ts_rank_cd(c.tsv, ${tsq(all.join(' | '))}) desc, c.id limit ${limit}`,
      );
    });
  let rows = sources.length > 0 ? await ranked(sources) : [];
  if (rows.length < limit && short.length > 0) {
    // Too few passages hold a longer word: the single characters are asked too.
    for (const w of short.slice(0, WORDS_ASKED)) sources.push(capped(tsq(w), PER_WORD_CAP));
    rows = await ranked(sources);
  }
  return rows.map((r) => r.id);
}
