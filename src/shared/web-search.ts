/**
 * The web search services an operator can pick (docs/web-search.md). `sandbox` answers made-up
 * results offline and, like the sandbox payment, is refused on a public origin without ALLOW_SANDBOX.
 */
export const WEB_SEARCH_PROVIDERS = ['bocha', 'tavily', 'searxng', 'zhipu', 'sandbox'] as const;
export type WebSearchProviderName = (typeof WEB_SEARCH_PROVIDERS)[number];
/** What the console may pick: a provider, or off. */
export const WEB_SEARCH_CHOICES = ['off', ...WEB_SEARCH_PROVIDERS] as const;

/** Which services need a key, and which an address (the others have a documented public endpoint). */
export const WEB_SEARCH_NEEDS: Record<WebSearchProviderName, { key: boolean; baseUrl: boolean }> = {
  bocha: { key: true, baseUrl: false },
  tavily: { key: true, baseUrl: false },
  searxng: { key: false, baseUrl: true },
  zhipu: { key: true, baseUrl: false },
  sandbox: { key: false, baseUrl: false },
};

/** The documented public endpoint of each service that has one. */
export const WEB_SEARCH_DEFAULT_BASE: Record<WebSearchProviderName, string> = {
  bocha: 'https://api.bochaai.com',
  tavily: 'https://api.tavily.com',
  searxng: '',
  zhipu: 'https://open.bigmodel.cn/api/paas/v4',
  sandbox: '',
};
