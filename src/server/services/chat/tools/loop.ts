import type { ChatCitation } from '../../../../shared/contract/chat';
import type { LlmEvent, LlmMessage, LlmProvider, LlmRequest, LlmToolCall } from '../../../providers/llm';
import { citationBlocks, numbered } from '../citations';
import { OUTPUT_CHARS, runCall, stepOf } from './run';
import type { ChatTool, ToolContext } from './types';

/** Calls one round may make at most; more are answered as refused. */
export const CALLS_PER_STEP = 5;

/** What the loop yields: the model's events, and the chat's own (a tool step, the citations so far). */
export type LoopItem =
  | { kind: 'llm'; event: LlmEvent }
  | { kind: 'tool'; step: ReturnType<typeof stepOf> }
  | { kind: 'citations'; items: ChatCitation[] };

export interface LoopInput {
  provider: LlmProvider;
  request: Omit<LlmRequest, 'tools'>;
  tools: ChatTool[];
  /** Rounds of tool calls at most: the round after the last is asked without tools, so it answers. */
  maxSteps: number;
  /** The citations given before the first round; tool results number on from them. */
  citations: ChatCitation[];
  ctx: Omit<ToolContext, 'signal'>;
}

/**
 * The answer with tools (docs/chat.md#tools): asks the model; when it calls tools, runs them (each
 * shown as a step when it starts and when it ends), hands it the results and asks again, at most
 * `maxSteps` rounds. A source tool's passages become more citations, numbered on.
 */
export async function* answerWithTools(input: LoopInput): AsyncGenerator<LoopItem> {
  const { request, tools } = input;
  let messages = request.messages;
  let citations = input.citations;
  for (let step = 0; ; step++) {
    const offered = tools.length > 0 && step < input.maxSteps ? tools.map((t) => t.spec) : undefined;
    const calls: LlmToolCall[] = [];
    let said = '';
    for await (const event of input.provider.stream({ ...request, messages, ...(offered ? { tools: offered } : {}) })) {
      if (request.signal.aborted) return;
      // Calls are run once the round ends; one asked for when no tools were offered is not run.
      if (event.type === 'toolCall') {
        if (offered) calls.push(event.call);
        continue;
      }
      if (event.type === 'text') said += event.text;
      yield { kind: 'llm', event };
    }
    if (calls.length === 0 || request.signal.aborted) return;
    const results: LlmMessage[] = [];
    for (const [i, call] of calls.entries()) {
      yield { kind: 'tool', step: stepOf(call) };
      const started = Date.now();
      const result =
        i < CALLS_PER_STEP
          ? await runCall(tools, call, { ...input.ctx, signal: request.signal })
          : { ok: false, output: `at most ${CALLS_PER_STEP} tool calls a round` };
      let output = result.output;
      if (result.passages) {
        const more = numbered(result.passages, citations.length + 1);
        if (more.length) {
          citations = [...citations, ...more];
          yield { kind: 'citations', items: citations };
        }
        output = more.length ? citationBlocks(more) : 'no results';
      }
      yield { kind: 'tool', step: stepOf(call, { output, ok: result.ok, ms: Date.now() - started }) };
      if (request.signal.aborted) return;
      results.push({ role: 'tool', toolCallId: call.id, content: output.slice(0, OUTPUT_CHARS) });
    }
    messages = [...messages, { role: 'assistant', content: said, toolCalls: calls }, ...results];
  }
}
