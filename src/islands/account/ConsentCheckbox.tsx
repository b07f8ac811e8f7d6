import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isExternalUrl } from '../../lib/site';
import { errorClass, linkClass } from './styles';

export interface ConsentCheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  /** Shows account:register.consent under the box. */
  refused: boolean;
  termsUrl: string;
  privacyUrl: string;
}

function DocumentLink({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  // Opened beside the dialog, so the half-filled form survives.
  return (
    <a href={href} target="_blank" rel={isExternalUrl(href) ? 'noopener noreferrer' : 'noopener'} className={linkClass}>
      {label}
      <span className="sr-only">{t('layout:link.newWindow')}</span>
    </a>
  );
}

/**
 * The box's state for a form that needs consent: `given()` shows the refusal when the box is
 * unticked and answers whether it is ticked; ticking it clears the refusal.
 */
export function useConsent() {
  const [checked, setChecked] = useState(false);
  const [refused, setRefused] = useState(false);
  return {
    given: () => {
      setRefused(!checked);
      return checked;
    },
    box: {
      checked,
      refused,
      onChange: (ticked: boolean) => {
        setChecked(ticked);
        if (ticked) setRefused(false);
      },
    },
  };
}

/** Consent to the user agreement and privacy policy, required to register. */
export function ConsentCheckbox({ checked, onChange, refused, termsUrl, privacyUrl }: ConsentCheckboxProps) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div>
      <div className="flex items-start gap-2 text-sm leading-6 text-slate-600 dark:text-slate-300">
        <input
          id={id}
          type="checkbox"
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-labelledby={`${id}-text`}
          aria-invalid={refused ? true : undefined}
          aria-describedby={refused ? `${id}-error` : undefined}
          className="mt-1 size-4 shrink-0 rounded border-slate-300 accent-brand-600 dark:border-slate-600"
        />
        <span id={`${id}-text`}>
          <label htmlFor={id}>{t('account:register.consentPrefix')}</label>{' '}
          <DocumentLink href={termsUrl} label={t('account:register.terms')} /> {t('account:register.and')}{' '}
          <DocumentLink href={privacyUrl} label={t('account:register.privacy')} />
        </span>
      </div>
      {refused && (
        <p id={`${id}-error`} className={errorClass}>
          {t('account:register.consent')}
        </p>
      )}
    </div>
  );
}
