import { describe, expect, it } from 'vitest';
import { drawConfig, drawEnvProblems, drawingModes } from '../../src/server/config/drawing';

describe('drawing settings', () => {
  it('defaults to the offline renderer and the word list, with the documented quotas and timeout', () => {
    const cfg = drawConfig({ PUBLIC_ORIGIN: 'https://miaobi.example/' });
    expect(cfg).toMatchObject({
      IMAGE_PROVIDER: 'offline',
      DRAW_FREE_DAILY: 10,
      DRAW_MEMBER_DAILY: 200,
      DRAW_TASK_TIMEOUT_MS: 600_000,
      openAiBaseUrl: 'https://api.openai.com/v1',
      publicOrigin: 'https://miaobi.example',
    });
    expect(drawingModes({})).toEqual({ image: 'offline', moderation: 'wordlist' });
    expect(drawingModes({ MODERATION_URL: 'http://127.0.0.1:9/check' }).moderation).toBe('wordlist+http');
  });

  it('reads strings as the environment gives them, and falls back to the chat OpenAI settings', () => {
    const cfg = drawConfig({
      DRAW_FREE_DAILY: '3',
      OPENAI_BASE_URL: 'http://llm.local/v1/',
      OPENAI_API_KEY: 'sk-chat',
    });
    expect(cfg.DRAW_FREE_DAILY).toBe(3);
    expect(cfg.openAiBaseUrl).toBe('http://llm.local/v1');
    expect(cfg.openAiApiKey).toBe('sk-chat');
  });

  it('names what a chosen provider is missing, and stops start-up', () => {
    expect(drawEnvProblems({ IMAGE_PROVIDER: 'midjourney-proxy' })).toEqual([
      'IMAGE_PROVIDER=midjourney-proxy needs MJ_PROXY_URL',
    ]);
    expect(drawEnvProblems({ IMAGE_PROVIDER: 'sd-webui', SD_WEBUI_URL: 'http://127.0.0.1:7860' })).toEqual([]);
    expect(() => drawingModes({ IMAGE_PROVIDER: 'sd-webui' })).toThrow(/SD_WEBUI_URL/);
    expect(() => drawConfig({ DRAW_FREE_DAILY: '-1' })).toThrow();
  });
});
