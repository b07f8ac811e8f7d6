import { z } from 'zod';
import type { Logger } from './log';

export type SandboxKind = 'payment' | 'wechat' | 'websearch' | 'sms';

/** Re-warns this often while a public site runs a sandbox. */
const WARN_EVERY_MS = 60 * 60 * 1000;

export const sandboxEnvShape = {
  /** Lets a server whose PUBLIC_ORIGIN is not loopback start with a sandbox payment, WeChat, web search or SMS provider. */
  ALLOW_SANDBOX: z
    .enum(['true', 'false', '1', '0', 'yes', 'no'])
    .transform((v) => v === 'true' || v === '1' || v === 'yes')
    .default(false),
};

interface SandboxEnv {
  PAY_PROVIDER: string;
  WECHAT_MP_APPID?: string;
  WECHAT_MP_SECRET?: string;
  WECHAT_MP_TOKEN?: string;
  WEB_SEARCH_PROVIDER?: string;
  SMS_PROVIDER?: string;
  ALLOW_SANDBOX: boolean;
  PUBLIC_ORIGIN: string;
}

/** Which providers are the sandbox, judged from the environment the same way the providers are chosen. */
export function sandboxProviders(env: Omit<SandboxEnv, 'ALLOW_SANDBOX' | 'PUBLIC_ORIGIN'>): SandboxKind[] {
  const kinds: SandboxKind[] = [];
  if (env.PAY_PROVIDER === 'sandbox') kinds.push('payment');
  if (!(env.WECHAT_MP_APPID && env.WECHAT_MP_SECRET && env.WECHAT_MP_TOKEN)) kinds.push('wechat');
  if (env.WEB_SEARCH_PROVIDER === 'sandbox') kinds.push('websearch');
  // The SMS outbox sends nothing: a phone code would reach only whoever reads DATA_DIR.
  if (env.SMS_PROVIDER === 'outbox') kinds.push('sms');
  return kinds;
}

/** localhost, 127.0.0.0/8 or ::1: only this machine can reach it. */
export function isLoopbackOrigin(origin: string): boolean {
  let host: string;
  try {
    host = new URL(origin).hostname;
  } catch {
    return false;
  }
  return host === 'localhost' || host === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host);
}

const WHAT: Record<SandboxKind, string> = {
  payment: 'the sandbox payment (PAY_PROVIDER=sandbox) marks orders paid without money',
  wechat: 'the sandbox WeChat login (WECHAT_MP_APPID, WECHAT_MP_SECRET, WECHAT_MP_TOKEN unset) logs in without WeChat',
  websearch: 'the sandbox web search (WEB_SEARCH_PROVIDER=sandbox) answers made-up results',
  sms: 'the SMS outbox (SMS_PROVIDER=outbox, the default) sends no text messages',
};

/** Whether a sandbox may run here: a loopback origin, or one allowed by ALLOW_SANDBOX=true. */
export function sandboxAllowed(env: Pick<SandboxEnv, 'ALLOW_SANDBOX' | 'PUBLIC_ORIGIN'>): boolean {
  return env.ALLOW_SANDBOX || isLoopbackOrigin(env.PUBLIC_ORIGIN);
}

/** Why this environment may not start, or null. A public origin needs real providers or ALLOW_SANDBOX=true. */
export function sandboxEnvProblem(env: SandboxEnv): string | null {
  const kinds = sandboxProviders(env);
  if (kinds.length === 0 || sandboxAllowed(env)) return null;
  return (
    `PUBLIC_ORIGIN=${env.PUBLIC_ORIGIN} is not a loopback address, but ${kinds.map((k) => WHAT[k]).join(', and ')}. ` +
    'Configure the real providers, or set ALLOW_SANDBOX=true to run the sandbox on this address anyway'
  );
}

/** The sandbox kinds a running site announces (banner, health, log): those it was explicitly allowed to expose. */
export function announcedSandbox(env: SandboxEnv): SandboxKind[] {
  return env.ALLOW_SANDBOX ? sandboxProviders(env) : [];
}

/**
 * With ALLOW_SANDBOX=true, says so at start and every hour, so a public site
 * left on the sandbox shows up in its logs. Returns the stop function.
 */
export function startSandboxWarning(env: SandboxEnv, log: Logger): () => void {
  const kinds = announcedSandbox(env);
  if (kinds.length === 0) return () => {};
  const warn = () =>
    log.warn('sandbox providers are active (ALLOW_SANDBOX=true): payments and logins are not real', {
      sandbox: kinds.join(','),
      publicOrigin: env.PUBLIC_ORIGIN,
    });
  warn();
  const timer = setInterval(warn, WARN_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
