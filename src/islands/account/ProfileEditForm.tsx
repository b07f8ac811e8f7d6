import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../../components/button-styles';
import { Form } from '../../components/Form';
import { toast } from '../../lib/toast';
import { setUser, type UserInfo } from '../../stores/user';
import { AvatarPicker } from './AvatarPicker';
import { saveProfile } from './account-api';
import { Field } from './Field';
import { FormAlert } from './FormAlert';
import { ownDescription } from './own-description';
import { reportFailure } from './session';
import { onSubmit, preventShiftEnter, useForm } from './use-form';

const NICKNAME_MAX = 20;
const DESCRIPTION_MAX = 100;

const RULES = {
  nickname: (value: string) => {
    const v = value.trim();
    if (!v) return 'account:validation.nicknameRequired';
    return v.length > NICKNAME_MAX ? 'account:validation.nicknameTooLong' : null;
  },
  description: (value: string) => (value.trim().length > DESCRIPTION_MAX ? 'account:profile.descriptionTooLong' : null),
};

/** Edit nickname, description and avatar; the server answers with the updated user. */
export function ProfileEditForm({ user, onDone }: { user: UserInfo; onDone: () => void }) {
  const { t } = useTranslation();
  const form = useForm({ nickname: user.nickname, description: ownDescription(user, t) }, RULES);
  const [avatar, setAvatar] = useState<string | null>(null);
  const [avatarError, setAvatarError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    if (busy || !form.validate() || avatarError) return;
    setBusy(true);
    const result = await saveProfile({
      nickname: form.values.nickname.trim(),
      description: form.values.description.trim(),
      ...(avatar ? { avatar } : {}),
    });
    setBusy(false);
    if (result.kind !== 'reply') {
      reportFailure(result, t('common:error.generic'));
      return;
    }
    setUser(result.data);
    toast.success(t('account:profile.saved'));
    onDone();
  };

  return (
    <Form noValidate onSubmit={onSubmit(submit)} onKeyDown={preventShiftEnter} className="space-y-4">
      <AvatarPicker
        src={avatar ?? user.avatarUrl}
        name={form.values.nickname || user.nickname}
        onPick={setAvatar}
        error={avatarError}
        onError={setAvatarError}
      />
      <Field
        {...form.field('nickname')}
        label={t('account:field.nickname')}
        autoComplete="nickname"
        maxLength={NICKNAME_MAX * 2}
      />
      <Field
        {...form.field('description')}
        label={t('account:field.description')}
        placeholder={t('account:user.defaultDescription')}
      />
      <FormAlert show={form.formError} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'w-full py-2.5')}>
        {busy ? t('account:form.submitting') : t('account:profile.save')}
      </button>
    </Form>
  );
}
