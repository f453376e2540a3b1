import { zodResolver } from '@hookform/resolvers/zod';
import { NICKNAME_MAX_LENGTH, type TMyUser, type TUpdateProfileRequest } from '@cypher/contract';
import { Controller, useForm } from 'react-hook-form';
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
import { useUnsavedChanges } from '../../ui/unsaved-changes.ts';
import { useToast } from '../../ui/use-toast.ts';
import { useUpdateProfile } from './api/update-profile.ts';
import { ProfileImageField } from './components/profile-image-field.tsx';
import { useImageUploads } from './components/use-image-uploads.ts';
import { nicknameHint, ZProfileEditForm } from './form-schemas.ts';
import styles from '../../ui/account-page.module.css';

type TProfileFormInput = z.input<typeof ZProfileEditForm>;
type TProfileFormOutput = z.output<typeof ZProfileEditForm>;

function EditProfileForm({ user }: { user: TMyUser }) {
  const { showToast } = useToast();
  const updateProfile = useUpdateProfile();
  const uploads = useImageUploads();
  const form = useForm<TProfileFormInput, unknown, TProfileFormOutput>({
    resolver: zodResolver(ZProfileEditForm),
    defaultValues: {
      nickname: user.nickname ?? '',
      marketingConsent: user.marketingConsent,
      photoUrl: user.photoUrl,
      backgroundUrl: user.backgroundUrl,
    },
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;
  const { markSaved, whileSaving } = useUnsavedChanges(form, 'profile', {
    notSaved: 'Your changes to your profile are not saved.',
  });

  const onSubmit = handleSubmit(async (values) => {
    // Only what changed is sent: an unchanged nickname must not be checked against itself.
    const changes: TUpdateProfileRequest = { marketingConsent: values.marketingConsent };
    if (values.nickname !== user.nickname) changes.nickname = values.nickname;
    if (values.photoUrl !== user.photoUrl) changes.photoUrl = values.photoUrl;
    if (values.backgroundUrl !== user.backgroundUrl) changes.backgroundUrl = values.backgroundUrl;
    await whileSaving(async () => {
      try {
        await updateProfile.mutateAsync(changes);
        markSaved();
        showToast({ tone: 'success', title: 'Profile saved' });
      } catch (error) {
        applyApiError(error, setError, { fields: ['nickname'], fieldForCode: { NICKNAME_ALREADY_EXISTS: 'nickname' } });
      }
    });
  });

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={onSubmit} noValidate>
      {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
      <Controller
        control={control}
        name="backgroundUrl"
        render={({ field }) => (
          <ProfileImageField
            kind="background"
            label="Background image"
            hint="At least 1440 x 397 pixels, under 5 MB. Shown at the top of your profile."
            value={field.value}
            onChange={field.onChange}
            onUploadingChange={uploads.trackerFor('background')}
          />
        )}
      />
      <Controller
        control={control}
        name="photoUrl"
        render={({ field }) => (
          <ProfileImageField
            kind="photo"
            label="Profile photo"
            hint="JPEG, PNG, GIF or WebP, up to 5 MB."
            value={field.value}
            onChange={field.onChange}
            placeholder={user.nickname ?? user.email}
            onUploadingChange={uploads.trackerFor('photo')}
          />
        )}
      />
      <Field label="Nickname" hint={nicknameHint} error={errors.nickname?.message} isRequired>
        {(control) => (
          <Input {...control} autoComplete="nickname" maxLength={NICKNAME_MAX_LENGTH} {...register('nickname')} />
        )}
      </Field>
      <Checkbox label="Tell me about new drops, events and offers by email" {...register('marketingConsent')} />
      <div className={styles.actions}>
        <Button type="submit" variant="primary" isLoading={updateProfile.isPending || uploads.isUploading}>
          {uploads.submitLabel ?? 'Save changes'}
        </Button>
      </div>
    </form>
  );
}

/**
 * `/profile/edit` (signed in, ACTIVE): nickname, photo, background and marketing consent. Leaving with changes not
 * saved asks first (useUnsavedChanges); Save changes is held while a chosen image uploads (useImageUploads).
 */
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
