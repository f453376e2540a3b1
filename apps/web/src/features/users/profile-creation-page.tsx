import { zodResolver } from '@hookform/resolvers/zod';
import { NICKNAME_MAX_LENGTH } from '@cypher/contract';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { isApiError } from '../../api/api-error.ts';
import { applyApiError } from '../../api/form-errors.ts';
import { useMyUser } from '../../api/my-user.ts';
import { safeRedirectPath } from '../../lib/safe-redirect.ts';
import { useSession } from '../../lib/session.ts';
import { getStored, removeStored } from '../../lib/storage.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Checkbox } from '../../ui/checkbox.tsx';
import { Field } from '../../ui/field.tsx';
import { Input } from '../../ui/input.tsx';
import { PageMeta } from '../../ui/page-meta.tsx';
import { useToast } from '../../ui/use-toast.ts';
import { useCreateProfile } from './api/create-profile.ts';
import { ProfileImageField } from './components/profile-image-field.tsx';
import { useImageUploads } from './components/use-image-uploads.ts';
import { nicknameHint, ZProfileForm } from './form-schemas.ts';
import styles from '../../ui/account-page.module.css';

type TProfileFormInput = z.input<typeof ZProfileForm>;
type TProfileFormOutput = z.output<typeof ZProfileForm>;

/**
 * `/profile/creation`: the last step of signing up (status EMAIL_VERIFIED; the shell sends such accounts here, with
 * the page they asked for as `redirectTo`). The photo is uploaded when chosen, and Create profile is held until it
 * is stored (useImageUploads); creating the profile makes the account ACTIVE and goes on to that page, through the
 * introduction (/onboarding) on a device that has not seen it. Someone whose profile exists (ACTIVE) is sent to
 * `/profile/edit`, and someone whose email is not verified yet (CREATED) to `/email/verify`, rather than shown a form
 * that would only be refused.
 */
export default function ProfileCreationPage() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // The page asked for, or the one the person signed up from (kept through the verification link's fresh page).
  const next = safeRedirectPath(searchParams.get('redirectTo') ?? getStored('signUpReturnTo'));
  const { showToast } = useToast();
  const { user } = useMyUser();
  const { userInfo } = useSession();
  const createProfile = useCreateProfile();
  const [photoUrl, setPhotoUrl] = useState<string | null>(null);
  const uploads = useImageUploads();
  // Creating the profile here makes the account ACTIVE too; that must not send its maker to the edit page instead
  // of home (the way home waits for its page to load, while this record changes at once).
  const [isCreating, setIsCreating] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    getFieldState,
    formState: { errors },
  } = useForm<TProfileFormInput, unknown, TProfileFormOutput>({
    resolver: zodResolver(ZProfileForm),
    defaultValues: { nickname: '', marketingConsent: false },
  });
  // The consent box starts as the person left it on the sign-up form (kept with the account), once /users/my has
  // answered, unless they have already changed it here.
  const consentAtSignUp = user?.marketingConsent;
  useEffect(() => {
    if (consentAtSignUp !== undefined && !getFieldState('marketingConsent').isDirty) {
      setValue('marketingConsent', consentAtSignUp);
    }
  }, [consentAtSignUp, getFieldState, setValue]);

  const onSubmit = handleSubmit(async (values) => {
    setIsCreating(true);
    try {
      const created = await createProfile.mutateAsync({ ...values, photoUrl });
      removeStored('signUpReturnTo');
      showToast({
        tone: 'success',
        title: `Welcome, ${created.nickname ?? values.nickname}!`,
        description: 'Your profile is ready.',
      });
      void navigate(getStored('onboardingCompleted') === true ? next : onboardingPathFor(next), { replace: true });
    } catch (error) {
      if (isApiError(error) && error.code === 'PROFILE_ALREADY_CREATED') {
        void navigate('/profile/edit', { replace: true });
        return;
      }
      setIsCreating(false);
      applyApiError(error, setError, { fields: ['nickname'], fieldForCode: { NICKNAME_ALREADY_EXISTS: 'nickname' } });
    }
  });

  // Until /users/my answers, the record stored at the last visit says whether the profile exists.
  const status = user?.status ?? userInfo?.status;
  if (status === 'ACTIVE' && !isCreating) return <Navigate to="/profile/edit" replace />;
  // The API refuses a profile before the email is verified: the verification page says so and can send the link again.
  if (status === 'CREATED') return <Navigate to="/email/verify" replace />;

  return (
    <div className={`container ${styles.page}`}>
      <PageMeta title="Create your profile" />
      <header className={styles.header}>
        <h1 className={styles.title}>Create your profile</h1>
        <p className={styles.intro}>
          One last step{user?.email ? ` for ${user.email}` : ''}: choose how other collectors will see you.
        </p>
      </header>
      <form className={`${styles.card} ${styles.form}`} onSubmit={onSubmit} noValidate>
        {errors.root?.server ? <Alert tone="error">{errors.root.server.message}</Alert> : null}
        <Field label="Nickname" hint={nicknameHint} error={errors.nickname?.message} isRequired>
          {(control) => (
            <Input {...control} autoComplete="nickname" maxLength={NICKNAME_MAX_LENGTH} {...register('nickname')} />
          )}
        </Field>
        <ProfileImageField
          kind="photo"
          label="Profile photo"
          hint="Optional. JPEG, PNG, GIF or WebP, up to 5 MB."
          value={photoUrl}
          onChange={setPhotoUrl}
          onUploadingChange={uploads.trackerFor('photo')}
        />
        <Checkbox
          label="Tell me about new drops, events and offers by email (optional)"
          {...register('marketingConsent')}
        />
        <Button
          type="submit"
          variant="primary"
          size="lg"
          isBlock
          isLoading={createProfile.isPending || uploads.isUploading}
        >
          {uploads.submitLabel ?? 'Create profile'}
        </Button>
      </form>
    </div>
  );
}

/** The introduction, then `next` (home needs no way back). */
function onboardingPathFor(next: string): string {
  return next === '/' ? '/onboarding' : `/onboarding?redirectTo=${encodeURIComponent(next)}`;
}
