import { Code } from '../../../shared/codes';
import type { ChannelModel, MemberLevel } from '../../../shared/contract/channels';
import type { ChatModelInfo, ChatModels } from '../../../shared/contract/chat';
import type { Language } from '../../../shared/languages';
import { DomainError } from '../../errors';
import { offlineModelDetails } from '../../providers/llm/offline-reasoning';
import type { Runtime } from '../../runtime';
import { type Caller, membership } from '../chat/quota';
import { activeChannels } from './store';

// Which chat models a caller may pick (docs/channels.md#levels): those of enabled chat channels
// open to their level. Without any chat channel the environment's models stay, for everyone.

/** Visitor (not signed in), user, or member (membership not yet ended, as for the chat quota). */
export async function callerLevel(rt: Runtime, who: Caller): Promise<MemberLevel> {
  if (who.userId === null) return 'visitor';
  const { member } = await membership(rt.database.db, who.userId, new Date());
  return member ? 'member' : 'user';
}

/** Every chat model the channels serve, once, in channel order, with the levels that may use it. */
async function channelModels(rt: Runtime): Promise<Map<string, { model: ChannelModel; levels: Set<MemberLevel> }>> {
  const out = new Map<string, { model: ChannelModel; levels: Set<MemberLevel> }>();
  for (const channel of await activeChannels(rt, 'chat')) {
    for (const model of channel.models) {
      const known = out.get(model.id);
      if (known) for (const l of model.levels) known.levels.add(l);
      else out.set(model.id, { model, levels: new Set(model.levels) });
    }
  }
  return out;
}

const describe = (m: ChannelModel, lang: Language): ChatModelInfo => ({
  id: m.id,
  name: m.name[lang] || m.name['zh-CN'] || m.id,
  description: m.description[lang] || m.description['zh-CN'] || '',
  vision: m.vision,
  reasoning: m.reasoning,
  contextTokens: m.contextTokens,
});

/** What GET /api/chat/models answers the caller. */
export async function chatModelsFor(
  rt: Runtime,
  who: Caller,
  lang: Language,
): Promise<Omit<ChatModels, 'webSearch' | 'transcription' | 'readAloud'>> {
  const served = await channelModels(rt);
  if (served.size === 0) {
    const llm = rt.registry.bootstrapLlm;
    // The offline responder's models are ours: named in the page's language, with what they can do.
    const offline = llm.mode === 'offline' ? new Map(offlineModelDetails(lang).map((d) => [d.id, d])) : null;
    const details = llm.models.map(
      (id) =>
        offline?.get(id) ?? {
          id,
          name: id,
          description: '',
          vision: false,
          reasoning: false,
          contextTokens: 0,
        },
    );
    return { mode: llm.mode, models: llm.models, defaultModel: llm.models[0] ?? '', details };
  }
  const level = await callerLevel(rt, who);
  const details = [...served.values()].filter((s) => s.levels.has(level)).map((s) => describe(s.model, lang));
  const models = details.map((d) => d.id);
  return { mode: 'openai', models, defaultModel: models[0] ?? '', details };
}

/**
 * The model a chat request will use: the wanted one if the caller's level may, the first one
 * open to the level when none (or an unknown one) is asked for. A model of a higher level, or
 * none open to the level at all, answers 403 — before any of the day's messages is spent.
 * Null when no chat channel is configured (the environment's models apply).
 */
export async function modelForCaller(rt: Runtime, who: Caller, wanted: string | undefined): Promise<string | null> {
  const served = await channelModels(rt);
  if (served.size === 0) return null;
  const level = await callerLevel(rt, who);
  const refused = () =>
    new DomainError(Code.FORBIDDEN, level === 'visitor' ? 'chat:model.signIn' : 'chat:model.membersOnly', {
      status: 403,
    });
  const asked = wanted ? served.get(wanted) : undefined;
  if (asked) {
    if (!asked.levels.has(level)) throw refused();
    return asked.model.id;
  }
  const first = [...served.values()].find((s) => s.levels.has(level));
  if (!first) throw refused();
  return first.model.id;
}
