import { useTranslation } from 'react-i18next';
import { SvgIcon } from '../../components/SvgIcon';
import { formAlertClass } from './styles';

/** Form-level 'please fill in the boxes correctly', announced when it appears (docs/validation-and-limits.md). */
export function FormAlert({ show, message = 'account:validation.form' }: { show: boolean; message?: string }) {
  const { t } = useTranslation();
  return (
    <div role="alert" className="empty:hidden">
      {show && (
        <p className={formAlertClass}>
          <SvgIcon name="warning" className="mt-0.5 size-4 shrink-0" />
          {t(message)}
        </p>
      )}
    </div>
  );
}
