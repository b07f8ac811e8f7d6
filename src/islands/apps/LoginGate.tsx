import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoginGate as Gate } from '../../components/LoginGate';

/** Applications belong to an account: visitors are asked to log in first. */
export function LoginGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Gate message={t('apps.loginFirst')} login={t('apps.login')}>
      {children}
    </Gate>
  );
}
