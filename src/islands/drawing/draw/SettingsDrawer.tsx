import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useDrawerContent } from '../../../lib/use-drawer-content';
import { SettingsPanel } from './SettingsPanel';

/**
 * The settings panel is a column on wide screens and a drawer on
 * phones, opened by 'advanced settings' and closed by its button, the mask or Escape (docs/routes-and-screens.md).
 */
export function SettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('drawing');
  const panel = useDrawerContent(open);
  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open, onClose]);
  return (
    <>
      {open && (
        <button
          type="button"
          aria-label={t('drawer.close')}
          className="fixed inset-0 z-40 bg-slate-950/40 md:hidden"
          onClick={onClose}
        />
      )}
      <aside
        aria-label={t('settings.title')}
        className={`fixed inset-y-0 left-0 z-50 w-80 max-w-[85vw] overflow-y-auto bg-white p-5 shadow-xl transition-transform duration-200 motion-reduce:transition-none dark:bg-slate-900 md:static md:z-auto md:w-72 md:max-w-none md:shrink-0 md:translate-x-0 md:self-start md:rounded-2xl md:shadow-sm md:ring-1 md:ring-slate-200 md:dark:ring-slate-800 ${
          open ? 'translate-x-0' : '-translate-x-full'
        }`}
        data-draw-settings
      >
        <div className="mb-4 flex items-center justify-between">
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">{t('settings.title')}</h2>
          <button
            type="button"
            onClick={onClose}
            className="rounded-full px-3 py-1 text-sm text-slate-600 ring-1 ring-slate-300 md:hidden dark:text-slate-300 dark:ring-slate-700"
          >
            {t('drawer.done')}
          </button>
        </div>
        {panel && <SettingsPanel />}
      </aside>
    </>
  );
}
