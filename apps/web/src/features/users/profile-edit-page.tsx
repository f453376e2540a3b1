import { zodResolver } from '@hookform/resolvers/zod';
import { NICKNAME_MAX_LENGTH, type TMyUser, type TUpdateProfileRequest } from '@cypher/contract';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { applyApiError } from '../../api/form-errors.ts';
import { useMyUser } from '../../api/my-user.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { ErrorState } from '../../ui/error-state.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { Skeleton } from '../../ui/skeleton.tsx';
import { useToast } from '../../ui/use-toast.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { ProfileImageField } from './components/profile-image-field.tsx';
import { nicknameHint, ZProfileForm } from './form-schemas.ts';
import styles from '../../ui/account-page.module.css';

type TProfileFormInput = z.input<typeof ZProfileForm>;
type TProfileFormOutput = z.output<typeof ZProfileForm>;

function EditProfileForm({ user }: { user: TMyUser }) {
  const { showToast } = useToast();
  const updateProfile = useUpdateProfile();
  const [photoUrl, setPhotoUrl] = useState(user.photoUrl);
  const [backgroundUrl, setBackgroundUrl] = useState(user.backgroundUrl);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TProfileFormInput, unknown, TProfileFormOutput>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { nickname: user.nickname ?? '', marketingConsent: user.marketingConsent },
  });

  const onSubmit = handleSubmit(async (values) => {
    // Only what changed is sent: an unchanged nickname must not be checked against itself.
    const changes: TUpdateProfileRequest = { marketingConsent: values.marketingConsent };
    if (values.nickname !== user.nickname) changes.nickname = values.nickname;
    if (photoUrl !== user.photoUrl) changes.photoUrl = photoUrl;
    if (backgroundUrl !== user.backgroundUrl) changes.backgroundUrl = backgroundUrl;
    try {
      await updateProfile.mutateAsync(changes);
      showToast({ tone: 'success', title: 'Profile saved' });
    } catch (error) {
      applyApiError(error, setError, { fields: ['nickname'], fieldForCode: { NICKNAME_ALREADY_EXISTS: 'nickname' } });
    }
  });

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={onSubmit} noValidate>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <ProfileImageField
        kind="background"
        label="Background image"
        hint="At least 1440 x 397 pixels, under 5 MB. Shown at the top of your profile."
        value={backgroundUrl}
        onChange={setBackgroundUrl}
      />
      <ProfileImageField
        kind="photo"
        label="Profile photo"
        hint="JPEG, PNG, GIF or WebP, up to 5 MB."
        value={photoUrl}
        onChange={setPhotoUrl}
        placeholder={user.nickname ?? user.email}
      />
      <Field label="Nickname" hint={nicknameHint} error={errors.nickname?.message} isRequired>
        {(control) => <Input {...control} autoComplete="nickname" maxLength={NICKNAME_MAX_LENGTH} {...register('nickname')} />}
      </Field>
      <Checkbox label="Tell me about new drops, events and offers by email" {...register('marketingConsent')} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isLoading={updateProfile.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}

/** `/profile/edit` (signed in, ACTIVE): nickname, photo, background and marketing consent. */
export default function ProfileEditPage() {
  const { user, isLoading, error, refetch } = useMyUser();
  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Edit profile" />
      <header className={styles.header}>
        <h1 className={styles.title}>Edit profile</h1>
        <p className={styles.intro}>Change how other collectors see you.</p>
      </header>
      {user ? (
        <EditProfileForm key={user.id} user={user} />
      ) : isLoading ? (
        <Skeleton height="420px" />
      ) : error ? (
        <ErrorState title="We could not load your profile" error={error} onRetry={() => void refetch()} />
      ) : null}
    </div>
  );
}
