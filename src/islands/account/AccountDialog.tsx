import { useEffect, useMemo, useState } from 'react';
import { LazyIslandRoot } from '../../lib/island-i18n-lazy';
import { isLoginTab, type LoginRequest, OPEN_LOGIN_EVENT, OPEN_LOGIN_READY_EVENT } from '../../lib/login-event';
import { reactMount } from '../../lib/react-mount';
import type { Language } from '../../shared/languages';
import { getToken } from '../../stores/auth';
import { type AccountLinks, LoginDialog } from './LoginDialog';
import { firstProfileView } from './login-tabs';
import { ProfileDialog } from './ProfileDialog';

export interface AccountDialogProps extends AccountLinks {
  lang: Language;
  /** Whether the site texts codes (SMS_PROVIDER is not off): phone sign-in and binding are offered. */
  phone: boolean;
}

interface Opened {
  /** Re-keys the dialogs, so each opening starts from the requested tab. */
  id: number;
  open: boolean;
  profile: boolean;
  request: LoginRequest;
}

/** Only the known fields of an event's detail: any script may dispatch it. */
function readRequest(detail: unknown): LoginRequest {
  if (typeof detail !== 'object' || detail === null) return {};
  const { tab, email, code } = detail as Record<string, unknown>;
  return {
    ...(isLoginTab(tab) ? { tab } : {}),
    ...(typeof email === 'string' ? { email } : {}),
    ...(typeof code === 'string' ? { code } : {}),
  };
}

function AccountDialogs({ links, phone }: { links: AccountLinks; phone: boolean }) {
  const [opened, setOpened] = useState<Opened>({ id: 0, open: false, profile: false, request: {} });

  useEffect(() => {
    const onOpen = (event: CustomEvent<LoginRequest | null>) =>
      setOpened((current) => ({
        id: current.id + 1,
        open: true,
        // Logged-in visitors get their profile whatever was asked (the footer entry, docs/routes-and-screens.md).
        profile: getToken() !== undefined,
        request: readRequest(event.detail),
      }));
    window.addEventListener(OPEN_LOGIN_EVENT, onOpen);
    // Listening now: mountOnEvent (src/lib/event-mount.ts) re-sends the event that loaded this dialog.
    window.dispatchEvent(new Event(OPEN_LOGIN_READY_EVENT));
    return () => window.removeEventListener(OPEN_LOGIN_EVENT, onOpen);
  }, []);

  const close = () => setOpened((current) => ({ ...current, open: false }));
  const { id, open, profile, request } = opened;
  return (
    <>
      <LoginDialog
        key={`login-${id}`}
        open={open && !profile}
        onClose={close}
        request={request}
        links={links}
        phone={phone}
      />
      <ProfileDialog
        key={`profile-${id}`}
        open={open && profile}
        onClose={close}
        initialView={firstProfileView(request.tab, phone)}
        phone={phone}
        email={request.email ?? ''}
        code={request.code ?? ''}
      />
    </>
  );
}

/**
 * The account dialog (docs/routes-and-screens.md): login dialog for visitors, profile dialog
 * once logged in. Mounted on the first OPEN_LOGIN_EVENT (src/lib/event-mount.ts), so its
 * code loads only then. It renders nothing until opened.
 */
export function AccountDialog({ lang, termsUrl, privacyUrl, supportUrl, phone }: AccountDialogProps) {
  const links = useMemo(() => ({ termsUrl, privacyUrl, supportUrl }), [termsUrl, privacyUrl, supportUrl]);
  return (
    <LazyIslandRoot lang={lang} namespaces={['account', 'common', 'layout', 'credits']} ns="common">
      <AccountDialogs links={links} phone={phone} />
    </LazyIslandRoot>
  );
}

/** What mountEventDialogs (src/islands/event-dialogs.ts) renders into its element. */
export const mount = reactMount(AccountDialog);
