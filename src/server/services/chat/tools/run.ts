import type { ChatToolStep } from '../../../../shared/contract/chat';
import { toSafeText } from '../../../../shared/safe-text';
import { chatConfig } from '../../../config/chat';
import type { LlmToolCall } from '../../../providers/llm';
import { takeToolCall } from './quota';
import type { ChatTool, ToolContext, ToolResult } from './types';

/** A step's input and output as the stream and the stored answer keep them (the contract's bounds). */
export const INPUT_CHARS = 4000;
export const OUTPUT_CHARS = 8000;

export const stepOf = (call: LlmToolCall, done?: { output: string; ok: boolean; ms: number }): ChatToolStep => ({
  id: toSafeText(call.id, 64) || 'call',
  name: toSafeText(call.name, 100) ?? '',
  input: toSafeText(call.arguments, INPUT_CHARS) ?? '',
  ...(done
    ? { output: toSafeText(done.output, OUTPUT_CHARS) ?? '', ok: done.ok, ms: Math.max(0, Math.round(done.ms)) }
    : {}),
});

/**
 * Runs one call within its limits (docs/chat.md#tools): an unknown tool or arguments that are not
 * JSON are told back to the model; the call ends at CHAT_TOOL_TIMEOUT_MS or when the person leaves;
 * a tool that throws fails its step, not the answer.
 */
export async function runCall(
  tools: ChatTool[],
  call: LlmToolCall,
  ctx: Omit<ToolContext, 'signal'> & { signal: AbortSignal },
): Promise<ToolResult> {
  const tool = tools.find((t) => t.spec.name === call.name);
  if (!tool) return { ok: false, output: `unknown tool: ${call.name}` };
  let args: unknown;
  try {
    args = call.arguments.trim() ? JSON.parse(call.arguments) : {};
  } catch {
    return { ok: false, output: 'the arguments are not valid JSON' };
  }
  // Counted when it runs: a call refused above spent nothing.
  if (!(await takeToolCall(ctx.rt, ctx.caller, ctx.level)))
    return { ok: false, output: ctx.t('chat:tools.quotaExhausted') };
  const limit = chatConfig(ctx.rt.env).CHAT_TOOL_TIMEOUT_MS;
  const signal = AbortSignal.any([ctx.signal, AbortSignal.timeout(limit)]);
  const timedOut = new Promise<ToolResult>((resolve) => {
    const end = () => resolve({ ok: false, output: `the tool did not answer within ${limit} ms` });
    if (signal.aborted) end();
    else signal.addEventListener('abort', end, { once: true });
  });
  try {
    // A tool that ignores its signal still gives way at the limit.
    return await Promise.race([tool.run({ ...ctx, signal }, args), timedOut]);
  } catch (err) {
    ctx.rt.log.warn('chat tool failed', { tool: call.name, err: err instanceof Error ? err.message : String(err) });
    return { ok: false, output: 'the tool failed' };
  }
}
