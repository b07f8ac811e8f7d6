import { z } from 'zod';
import { activitySettings } from '../../../config/activity';
import { DomainError } from '../../../errors';
import { submitDrawing } from '../../drawing/submit';
import type { SourceChoice } from '../citations';
import { availableSources, PASSAGES_PER_SOURCE } from '../citations';
import type { ChatSource } from '../sources';
import type { ChatTool, ToolContext, ToolResult } from './types';

/** A refusal of the domain (quota used up, a drawing still running) as the model and the person read it. */
export function refusal(ctx: ToolContext, err: unknown): ToolResult {
  if (err instanceof DomainError) return { ok: false, output: ctx.t(err.messageKey, err.params) };
  throw err;
}

/** Arguments checked against the tool's schema; a mismatch is the model's mistake, told back to it. */
function parsed<T extends z.ZodType>(schema: T, args: unknown): { ok: true; value: z.infer<T> } | ToolResult {
  const r = schema.safeParse(args);
  return r.success
    ? { ok: true, value: r.data }
    : { ok: false, output: `invalid arguments: ${r.error.issues[0]?.message ?? ''}` };
}

const spec = (name: string, description: string, schema: z.ZodType) => ({
  name,
  description,
  parameters: z.toJSONSchema(schema, { target: 'draft-7' }) as Record<string, unknown>,
});

const noArgs = z.object({});
/** The date and time now, in the site's zone (the model knows neither). */
export const nowTool: ChatTool = {
  spec: spec('now', 'The current date, weekday and time in the site’s time zone.', noArgs),
  async run(ctx) {
    const timeZone = activitySettings(ctx.rt.env).SITE_TIME_ZONE;
    const at = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      dateStyle: 'full',
      timeStyle: 'long',
      hourCycle: 'h23',
    }).format(new Date());
    return { ok: true, output: `${at} (${timeZone})` };
  },
};

const drawArgs = z.object({
  prompt: z.string().trim().min(1).max(2000).describe('What to draw, in words'),
  ratio: z.enum(['1:1', '4:3', '3:4', '16:9', '9:16']).optional().describe('Aspect ratio, 1:1 when not given'),
});
/**
 * Starts a drawing through the drawing service, as /draw does (its quota, rate and one-at-a-time
 * rules); the chat shows the task's progress card from the result's `taskId`. Members only: a visitor is not offered it.
 */
export const drawTool: ChatTool = {
  spec: spec('draw', 'Start drawing a picture for the person; they see its progress in the chat.', drawArgs),
  async run(ctx, args) {
    const a = parsed(drawArgs, args);
    if (!('value' in a)) return a;
    if (ctx.caller.userId === null) return { ok: false, output: ctx.t('chat:tools.signInToDraw') };
    try {
      const d = await submitDrawing(ctx.rt, ctx.caller.userId, {
        prompt: a.value.prompt,
        drawRate: a.value.ratio ?? '1:1',
        drawQuality: 1,
        drawSteps: 20,
        drawPublicFlag: 2,
        base64Array: [],
        source: 'draw',
      });
      return { ok: true, output: JSON.stringify({ taskId: d.taskId, prompt: d.prompt }) };
    } catch (err) {
      return refusal(ctx, err);
    }
  },
};

const searchArgs = z.object({ query: z.string().trim().min(1).max(500).describe('What to look for') });
const SOURCE_TOOLS: Record<ChatSource['kind'], { name: string; description: string }> = {
  knowledge: {
    name: 'knowledge_search',
    description:
      'Search the knowledge bases of this conversation (picked by the person, or the app’s) for passages about a question.',
  },
  web: { name: 'web_search', description: 'Search the web for pages about a question.' },
};

/** A source offered as a tool: its passages come back numbered, as more citations (the loop numbers them). */
function sourceTool(kind: ChatSource['kind'], sources: ChatSource[]): ChatTool {
  const { name, description } = SOURCE_TOOLS[kind];
  return {
    spec: spec(name, description, searchArgs),
    async run(ctx, args) {
      const a = parsed(searchArgs, args);
      if (!('value' in a)) return a;
      const q = {
        caller: ctx.caller,
        query: a.value.query,
        lang: ctx.lang,
        signal: ctx.signal,
        knowledgeBaseIds: ctx.knowledgeBaseIds,
        appBase: ctx.appBase,
        limit: PASSAGES_PER_SOURCE,
      };
      try {
        const found = await Promise.all(sources.map((s) => s.gather(ctx.rt, q)));
        return { ok: true, output: '', passages: found.flatMap((p) => p.slice(0, q.limit)) };
      } catch (err) {
        return refusal(ctx, err);
      }
    },
  };
}

/**
 * The built-in tools one question is offered: `now` always; `draw` to a signed-in person; each
 * source the question turned on (knowledge bases picked, web search switched on) as a search tool.
 */
export async function builtinTools(ctx: Pick<ToolContext, 'rt' | 'caller'>, choice: SourceChoice): Promise<ChatTool[]> {
  const tools: ChatTool[] = [nowTool];
  if (ctx.caller.userId !== null) tools.push(drawTool);
  const kinds: ChatSource['kind'][] = [];
  if (choice.knowledgeBaseIds?.length || choice.appBase) kinds.push('knowledge');
  if (choice.webSearch) kinds.push('web');
  for (const kind of kinds) {
    const sources = await availableSources(ctx.rt, kind);
    if (sources.length) tools.push(sourceTool(kind, sources));
  }
  return tools;
}
