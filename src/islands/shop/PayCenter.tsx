import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { type IslandI18nProps, IslandRoot } from '../../lib/island-i18n';
import { reactMount } from '../../lib/react-mount';
import type { Language } from '../../shared/languages';
import { ordersUrl, PAY_ORDER_EVENT, PAY_ORDER_READY_EVENT, type PayOrderRequest } from './events';
import { refreshUser } from './refresh-user';
import { usePayFlow } from './use-pay-flow';

/** Long enough to read the success message before leaving for /order. */
const LEAVE_DELAY_MS = 1500;

export interface PayCenterProps {
  lang: Language;
  messages: IslandI18nProps['messages'];
  sandbox: boolean;
}

function PayCenterDialogs({ sandbox }: { sandbox: boolean }) {
  const { t } = useTranslation('shop');
  const flow = usePayFlow({
    sandbox,
    onPaid(orderDesc) {
      // Success, refresh the user's data, then /order with a random flag (docs/state-machines.md).
      flow.showSuccess(t('pay.success', { desc: orderDesc }), t('pay.redirecting'));
      void refreshUser().finally(() => setTimeout(() => location.assign(ordersUrl()), LEAVE_DELAY_MS));
    },
  });
  const { showPay, showDuplicate } = flow;

  useEffect(() => {
    const onRequest = (event: CustomEvent<PayOrderRequest>) => {
      const { order, duplicate } = event.detail;
      if (duplicate) showDuplicate(order);
      else showPay(order);
    };
    window.addEventListener(PAY_ORDER_EVENT, onRequest);
    // mountOnEvent (src/lib/event-mount.ts) replays the event that woke these dialogs once it hears this.
    window.dispatchEvent(new Event(PAY_ORDER_READY_EVENT));
    return () => window.removeEventListener(PAY_ORDER_EVENT, onRequest);
  }, [showPay, showDuplicate]);

  return flow.element;
}

/**
 * The /product dialogs (pay, unpaid twin, result). Mounted by the first
 * PAY_ORDER_EVENT from the framework-free buy buttons (src/lib/event-mount.ts),
 * so the page loads no React until someone actually pays.
 */
export function PayCenter({ lang, messages, sandbox }: PayCenterProps) {
  return (
    <IslandRoot lang={lang} messages={messages} ns="common">
      <PayCenterDialogs sandbox={sandbox} />
    </IslandRoot>
  );
}

/** What mountEventDialogs (src/islands/event-dialogs.ts) renders into its element. */
export const mount = reactMount(PayCenter);
