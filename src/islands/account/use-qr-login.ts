import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { successData } from '../../lib/api';
import { openPush, type PushMessage } from '../../lib/push';
import { Code } from '../../shared/codes';
import { failureText, type LoginQr, loginWithOpenId, newQrcodeSocket, requestLoginQr } from './account-api';
import { finishLogin } from './session';

export type QrLoginState =
  | { status: 'loading' }
  | { status: 'ready'; qr: LoginQr }
  | { status: 'scanned'; qr: LoginQr }
  | { status: 'expired'; qr: LoginQr }
  | { status: 'failed'; message: string; qr?: LoginQr };

function openIdOf(message: PushMessage): string | null {
  const { data } = message;
  if (message.code !== Code.SUCCESS || typeof data !== 'object' || data === null || !('openId' in data)) return null;
  return typeof data.openId === 'string' ? data.openId : null;
}

/**
 * What a confirmed scan does: by default an openid login; deleting a
 * WeChat-only account uses the scan as proof instead. Resolves to an error
 * text to show, or null when done (the page moves on).
 */
export type ScanAction = (openId: string, qrcodeSocket: string) => Promise<string | null>;

/**
 * QR login: a QR for a fresh qrcodeSocket, the push socket on that
 * id with the QR's listen key, and on the login message an openid login, the
 * token and a reload (or `onScan`, when given).
 * `attempt` changes start over with a new QR (the 'refresh' action) (docs/state-machines.md).
 */
export function useQrLogin(attempt: number, onScan?: ScanAction): QrLoginState {
  const { t } = useTranslation();
  const [state, setState] = useState<QrLoginState>({ status: 'loading' });
  const action = useRef(onScan);
  action.current = onScan;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the restart signal; `t` is stable per dialog.
  useEffect(() => {
    let alive = true;
    let expiry: ReturnType<typeof setTimeout> | undefined;
    let push: ReturnType<typeof openPush> | undefined;
    const qrcodeSocket = newQrcodeSocket();
    const stop = () => {
      clearTimeout(expiry);
      push?.close();
    };

    const logIn: ScanAction = async (openId) => {
      const result = await loginWithOpenId(openId, qrcodeSocket);
      if (result.kind !== 'reply') return failureText(result) || t('account:wx.loginFailed');
      finishLogin(result.data.token, t('account:login.success'));
      return null;
    };
    const login = async (qr: LoginQr, openId: string) => {
      stop();
      setState({ status: 'scanned', qr });
      const failure = await (action.current ?? logIn)(openId, qrcodeSocket);
      if (alive && failure !== null) setState({ status: 'failed', qr, message: failure });
    };

    setState({ status: 'loading' });
    void requestLoginQr(qrcodeSocket).then((result) => {
      if (!alive) return;
      const qr = successData(result);
      if (!qr) {
        setState({ status: 'failed', message: failureText(result) || t('account:wx.qrFailed') });
        return;
      }
      setState({ status: 'ready', qr });
      expiry = setTimeout(() => {
        push?.close();
        setState({ status: 'expired', qr });
      }, qr.expiresIn * 1000);
      push = openPush({
        taskId: qrcodeSocket,
        // Only this page holds the key: someone who read the QR's id cannot listen for the login.
        token: qr.listenKey,
        onMessage: (message) => {
          const openId = openIdOf(message);
          if (openId) void login(qr, openId);
        },
      });
    });

    return () => {
      alive = false;
      stop();
    };
  }, [attempt]);

  return state;
}
