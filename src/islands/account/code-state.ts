import { useStore } from '@nanostores/react';
import { map } from 'nanostores';
import { useEffect, useReducer } from 'react';
import { ls } from '../../lib/storage';
import type { CodePurpose, PhoneCodePurpose } from './account-api';

/**
 * E-mail purposes, and the phone's under their own names with the number: the server's 60 s gap
 * is per number, so another number may be texted at once.
 */
type CountdownKey = CodePurpose | `phone-${PhoneCodePurpose}:${string}`;

/**
 * When each kind of code may be requested again (ms timestamps). Module
 * state, so closing and reopening the dialog keeps the countdown running.
 */
export const $codeDeadlines = map<Partial<Record<CountdownKey, number>>>({});

export function startCountdown(purpose: CountdownKey, seconds: number): void {
  $codeDeadlines.setKey(purpose, Date.now() + seconds * 1000);
}

/** Whole seconds left before `purpose` may send again; 0 when it may. Re-renders every tick. */
export function useCountdown(purpose: CountdownKey): number {
  const deadline = useStore($codeDeadlines)[purpose] ?? 0;
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const left = Math.max(0, Math.ceil((deadline - Date.now()) / 1000));
  const running = left > 0;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [running]);
  return left;
}

/** Codes live 10 minutes on the server; the session id is useless afterwards. */
const SESSION_SECONDS = 600;
const sessionKey = (purpose: CodePurpose, email: string) => `codeSession:${purpose}:${email.trim().toLowerCase()}`;

/**
 * Kept in local storage: the e-mailed link (/emailValidation) may open in
 * another tab, which then still needs the id to finish registering.
 */
export function rememberCodeSession(purpose: CodePurpose, email: string, sessionId: string): void {
  ls.set(sessionKey(purpose, email), sessionId, SESSION_SECONDS);
}

export function codeSessionFor(purpose: CodePurpose, email: string): string | null {
  return ls.get<string>(sessionKey(purpose, email));
}
