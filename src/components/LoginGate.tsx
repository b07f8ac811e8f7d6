import { useStore } from '@nanostores/react';
import type { ReactNode } from 'react';
import { openLogin } from '../lib/login-event';
import { $token } from '../stores/auth';
import { buttonClass } from './button-styles';

/**
 * A page of one's own (applications, knowledge bases, credits, invites): its content once logged in,
 * otherwise what it is for and a button that opens the login dialog. Texts come from the caller's namespace.
 */
export function LoginGate({ message, login, children }: { message: string; login: string; children: ReactNode }) {
  const token = useStore($token);
  if (token) return <>{children}</>;
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl bg-white px-6 py-14 text-center ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-800">
      <p className="text-slate-600 dark:text-slate-300">{message}</p>
      <button type="button" onClick={() => openLogin({ tab: 'password' })} className={buttonClass('primary')}>
        {login}
      </button>
    </div>
  );
}
