import { useId, useRef, useState } from 'react';
import { fixedWidthImage, responsiveImages, uploadSrcSet } from '@cypher/contract';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { fileProblem, PROFILE_IMAGE_TYPES, uploadErrorMessage } from '../account-messages.ts';
import { useUploadProfileImage, type ProfileImageKind } from '../api/upload-profile-image.ts';
import styles from './profile-image-field.module.css';

/**
 * The preview at the width its frame shows it (profile-image-field.module.css): the photo in a 96 px circle, the
 * background across the form. Not the upload itself, which may be 2880 px wide.
 */
const PREVIEW = { photo: fixedWidthImage(96), background: responsiveImages.columnWideImage };

interface ProfileImageFieldProps {
  kind: ProfileImageKind;
  label: string;
  hint: string;
  /** The image's address, or null for none. */
  value: string | null;
  onChange: (url: string | null) => void;
  /** The avatar's initial when there is no photo yet. */
  placeholder?: string;
  /** Told when an upload starts and when it has answered: the form holds its submit meanwhile (useImageUploads). */
  onUploadingChange?: (isUploading: boolean) => void;
}

/**
 * A profile photo or background: choosing a file uploads it at once (the browser checks its size first; the API
 * checks the size again and what the file is from its content), then the preview shows what was stored. "Remove" clears it.
 */
export function ProfileImageField({
  kind,
  label,
  hint,
  value,
  onChange,
  placeholder,
  onUploadingChange,
}: ProfileImageFieldProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string>();
  const upload = useUploadProfileImage();

  async function send(file: File) {
    setError(undefined);
    const problem = fileProblem(file, kind);
    if (problem) {
      setError(problem);
      return;
    }
    onUploadingChange?.(true);
    try {
      const uploaded = await upload.mutateAsync({ kind, file });
      onChange(uploaded.url);
    } catch (failure) {
      setError(uploadErrorMessage(failure, kind));
    } finally {
      onUploadingChange?.(false);
    }
  }

  const describedBy = [`${id}-hint`, error ? `${id}-error` : undefined].filter(Boolean).join(' ');

  return (
    <div className={`${styles.field} ${styles[kind]}`}>
      <p className={styles.label} id={`${id}-label`}>
        {label}
      </p>
      <div className={styles.row}>
        <div className={styles.frame} data-invalid={error ? true : undefined}>
          {value ? (
            <img
              className={styles.preview}
              src={value}
              srcSet={uploadSrcSet(value, PREVIEW[kind].largestVariant)}
              sizes={PREVIEW[kind].sizes}
              alt={`Your ${kind === 'photo' ? 'profile photo' : 'background'}`}
            />
          ) : kind === 'photo' ? (
            <span className={styles.initial} aria-hidden="true">
              {placeholder ? placeholder.charAt(0).toUpperCase() : <Icon name="image" size={32} />}
            </span>
          ) : (
            <span className={styles.empty} aria-hidden="true">
              <Icon name="upload" size={24} />
            </span>
          )}
          {upload.isPending ? (
            <span className={styles.busy} role="status">
              <Spinner />
              <span className="visually-hidden">Uploading…</span>
            </span>
          ) : null}
        </div>
        <div className={styles.controls}>
          <div className={styles.buttons}>
            <Button
              size="sm"
              variant="secondary"
              id={`${id}-choose`}
              aria-labelledby={`${id}-choose ${id}-label`}
              aria-describedby={describedBy}
              onClick={() => inputRef.current?.click()}
              isLoading={upload.isPending}
            >
              {value ? 'Replace' : 'Choose a file'}
            </Button>
            {value ? (
              <Button
                size="sm"
                variant="ghost"
                aria-label={`Remove ${label.toLowerCase()}`}
                onClick={() => {
                  setError(undefined);
                  onChange(null);
                }}
              >
                Remove
              </Button>
            ) : null}
          </div>
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        </div>
        <input
          ref={inputRef}
          type="file"
          data-testid={`${kind}-file`}
          aria-label={label}
          accept={PROFILE_IMAGE_TYPES.join(',')}
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
