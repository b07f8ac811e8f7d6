/**
 * Operator-specific site facts shown in the footer. The server publishes them
 * on `globalThis.__miaobiSite` at start-up from its validated environment
 * (TERMS_URL, PRIVACY_URL; see src/server/runtime.ts): `import.meta.env`
 * would freeze them at build time. The ICP number is a console setting the
 * footer reads per request (services/site-settings.ts).
 */
export interface SiteInfo {
  /** Where the ICP number links: the MIIT filing lookup. */
  icpUrl: string;
  /** User agreement: the built-in /terms page or an external document. */
  termsUrl: string;
  /** Privacy policy: the built-in /privacy page or an external document. */
  privacyUrl: string;
}

declare global {
  /** Unset or null fields fall back to the defaults. */
  var __miaobiSite: Partial<Record<keyof SiteInfo, string | null>> | undefined;
}

export const DEFAULT_SITE_INFO: Readonly<SiteInfo> = {
  icpUrl: 'https://beian.miit.gov.cn/',
  termsUrl: '/terms',
  privacyUrl: '/privacy',
};

/** Current site facts: defaults overlaid with whatever non-empty values the server provided. */
export function getSiteInfo(): SiteInfo {
  const provided = globalThis.__miaobiSite ?? {};
  const info = { ...DEFAULT_SITE_INFO };
  for (const key of Object.keys(DEFAULT_SITE_INFO) as (keyof SiteInfo)[]) {
    const value = provided[key];
    if (typeof value === 'string' && value.trim()) info[key] = value.trim();
  }
  return info;
}

/** Whether a link leaves the site, so it opens in a new tab with a safe rel. */
export function isExternalUrl(url: string): boolean {
  return /^(https?:)?\/\//i.test(url);
}
