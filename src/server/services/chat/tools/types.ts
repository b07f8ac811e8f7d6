import type { TFunction } from 'i18next';
import type { MemberLevel } from '../../../../shared/channels';
import type { LlmTool } from '../../../providers/llm';
import type { Runtime } from '../../../runtime';
import type { AppBase } from '../../apps/app-knowledge';
import type { Caller } from '../quota';
import type { SourcePassage } from '../sources';

/** What a tool call knows of the question it serves. */
export interface ToolContext {
  rt: Runtime;
  caller: Caller;
  /** The caller's level: which MCP tools are open to it, and its daily tool calls. */
  level: MemberLevel;
  t: TFunction;
  lang: string;
  /** Ends with the person leaving or the call's time limit. */
  signal: AbortSignal;
  knowledgeBaseIds?: number[];
  appBase?: AppBase | null;
}

/** A tool's result: text for the model (and the folded step), and passages that become more citations. */
export interface ToolResult {
  output: string;
  ok: boolean;
  passages?: SourcePassage[];
}

/** One tool an answer may call (docs/chat.md#tools): offered to the model by its spec, run by the chat. */
export interface ChatTool {
  spec: LlmTool;
  /** `args`: the model's arguments, parsed from its JSON (the tool checks their shape). */
  run(ctx: ToolContext, args: unknown): Promise<ToolResult>;
}
