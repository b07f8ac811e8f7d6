import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../lib/toast';
import type { ChatTexts } from './controller';

/** Texts and reactions the controller needs, in the island's language. */
export function useChatTexts(): ChatTexts {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      failed: t('error.upstream'),
      quotaLink: (message: string) => toast.warning(`${message} ${t('quota.toProduct')}`, 6000),
    }),
    [t],
  );
}
