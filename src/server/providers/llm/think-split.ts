/** A piece of streamed content, told apart: the model's reasoning or the answer's text. */
export interface ContentPiece {
  type: 'reasoning' | 'text';
  text: string;
}

const OPEN = '<think>';
const CLOSE = '</think>';

/** How many characters at the end of `s` could be the start of `tag` (kept back until the next chunk). */
function partialTail(s: string, tag: string): number {
  for (let n = Math.min(tag.length - 1, s.length); n > 0; n--) if (tag.startsWith(s.slice(-n))) return n;
  return 0;
}

/**
 * Splits `<think>…</think>` out of streamed content (DeepSeek-R1 and Qwen served without a
 * reasoning parser, e.g. by Ollama or vLLM). A block counts only when it opens before any answer
 * text — as models write it — so an answer that talks about the tag keeps it. Tags may be cut
 * across chunks: a possible tag start is held back until the next chunk decides. The whitespace
 * between the block and the answer is dropped. `end()` gives back what was held; a block never
 * closed stays reasoning.
 */
export function createThinkSplitter() {
  let state: 'start' | 'thinking' | 'answer' = 'start';
  let held = '';

  function take(input: string, out: ContentPiece[]): void {
    let s = held + input;
    held = '';
    while (s) {
      if (state === 'answer') {
        out.push({ type: 'text', text: s });
        return;
      }
      if (state === 'start') {
        const trimmed = s.trimStart();
        if (!trimmed) {
          held = s;
          return;
        }
        if (trimmed.startsWith(OPEN)) {
          state = 'thinking';
          s = trimmed.slice(OPEN.length);
          continue;
        }
        if (OPEN.startsWith(trimmed)) {
          held = s;
          return;
        }
        state = 'answer';
        s = trimmed;
        continue;
      }
      // Thinking: reasoning until the closing tag; a possible tag start waits for more.
      const at = s.indexOf(CLOSE);
      if (at >= 0) {
        if (at > 0) out.push({ type: 'reasoning', text: s.slice(0, at) });
        // Another block may follow, or the answer after its leading whitespace.
        state = 'start';
        s = s.slice(at + CLOSE.length);
        continue;
      }
      const keep = partialTail(s, CLOSE);
      if (s.length > keep) out.push({ type: 'reasoning', text: s.slice(0, s.length - keep) });
      held = s.slice(s.length - keep);
      return;
    }
  }

  return {
    /** The pieces this chunk completes, in order. */
    push(chunk: string): ContentPiece[] {
      const out: ContentPiece[] = [];
      take(chunk, out);
      return merge(out);
    },
    /** What was held back at the end of the stream. */
    end(): ContentPiece[] {
      const rest = held;
      held = '';
      if (!rest) return [];
      if (state === 'thinking') return [{ type: 'reasoning', text: rest }];
      // Only whitespace, or a lone "<thi…" that never became a tag: it was answer text after all.
      return rest.trim() ? [{ type: 'text', text: state === 'start' ? rest.trimStart() : rest }] : [];
    },
  };
}

/** Neighbouring pieces of one kind as one. */
function merge(pieces: ContentPiece[]): ContentPiece[] {
  const out: ContentPiece[] = [];
  for (const p of pieces) {
    const last = out.at(-1);
    if (last?.type === p.type) last.text += p.text;
    else out.push({ ...p });
  }
  return out;
}

/** An answer's text without its `<think>` blocks (complete ones anywhere, an unclosed one at the start). */
export function withoutThinking(text: string): string {
  if (!text.includes(OPEN)) return text;
  return text
    .replace(/<think>[\s\S]*?<\/think>\s*/g, '')
    .replace(/^\s*<think>[\s\S]*$/, '')
    .trim();
}
