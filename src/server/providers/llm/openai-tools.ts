import type { LlmMessage, LlmTool } from './types';

/** Our tools as OpenAI's chat completions take them (`tools` of type `function`). */
export const wireTools = (tools: LlmTool[]) =>
  tools.map((t) => ({
    type: 'function',
    function: { name: t.name, description: t.description, parameters: t.parameters },
  }));

/**
 * Messages in OpenAI's shape: an assistant turn that called tools carries `tool_calls` (its content
 * null when it said nothing), and each result is a `tool` message naming its call.
 */
export function wireMessages(messages: LlmMessage[]): unknown[] {
  return messages.map((m) => {
    if (m.role === 'tool') return { role: 'tool', tool_call_id: m.toolCallId ?? '', content: m.content };
    if (m.role === 'assistant' && m.toolCalls?.length)
      return {
        role: 'assistant',
        content: m.content || null,
        tool_calls: m.toolCalls.map((c) => ({
          id: c.id,
          type: 'function',
          function: { name: c.name, arguments: c.arguments },
        })),
      };
    return { role: m.role, content: m.content };
  });
}
