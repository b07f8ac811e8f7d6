import { useStore } from '@nanostores/react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';

const Confirm = lazy(() => import('../../components/Confirm').then((m) => ({ default: m.Confirm })));

import { $uploadOffer, answerUpload } from './sync';

/** On first login: offer to upload the conversations made as a visitor. */
export function UploadOffer() {
  const { t } = useTranslation();
  const count = useStore($uploadOffer);
  if (count === 0) return null;
  return (
    <Suspense fallback={null}>
      <Confirm
        open={count > 0}
        title={t('sync.offerTitle')}
        content={t('sync.offerBody', { n: count })}
        okText={t('sync.upload')}
        cancelText={t('sync.keepLocal')}
        onConfirm={() => answerUpload(true)}
        onCancel={() => answerUpload(false)}
      />
    </Suspense>
  );
}
