import type { TUploadedImage } from '@cypher/contract';
import {
  errorCatalogue,
  fixedWidthImage,
  isIsoMediaImage,
  responsiveImages,
  sniffImageType,
  sniffVideoType,
  uploadSrcSet,
  VIDEO_SIGNATURE_BYTES,
} from '@cypher/contract';
import { useId, useRef, useState, type DragEvent, type Ref } from 'react';
import { Controller, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { isApiError } from '../../../api/api-error.ts';
import { Button } from '../../../ui/button.tsx';
import { Icon } from '../../../ui/icon.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useUploadConsoleAnimation, useUploadConsoleImage } from '../api/upload-console-image.ts';
import styles from './image-upload-field.module.css';

const MB = 1024 * 1024;
/**
 * What each kind of field takes, by content as the API checks it again: images, or a product's video. `accepted` only
 * filters the file chooser; a file dropped on the frame, or chosen under "All files", is judged by its bytes.
 */
const kinds = {
  image: {
    accepted: ['image/jpeg', 'image/png', 'image/gif', 'image/webp'],
    maxBytes: 10 * MB,
    noun: 'image',
    takes: { formats: 'Choose a JPEG, PNG, GIF or WebP image.', size: 'Choose an image of up to 10 MB.' },
  },
  video: {
    accepted: ['video/mp4', 'video/webm'],
    maxBytes: 50 * MB,
    noun: 'video',
    takes: { formats: 'Choose an MP4 or WebM video.', size: 'Choose a video of up to 50 MB.' },
  },
} as const;
/**
 * The preview at the width its frame shows it (image-upload-field.module.css): a square one 240 px at most, a wide one
 * the form's width, within the content column. Not the upload itself, which may be 2400 px wide.
 */
const PREVIEW = { square: fixedWidthImage(240), wide: responsiveImages.columnWideImage };

interface ImageUploadFieldProps {
  label: string;
  /** The stored image's address (`/uploads/...`), or '' for none. */
  value: string;
  onChange: (url: string, uploaded?: TUploadedImage) => void;
  /** The form's own message for this field (e.g. an image is required). */
  error?: string;
  hint?: string;
  /** How the preview is framed: square artwork and logos, or wide banners. */
  shape?: 'square' | 'wide';
  isRequired?: boolean;
  /** An image (the default), or a product's video (MP4 or WebM), which takes no image. */
  kind?: keyof typeof kinds;
  /** The smallest image the field takes (a logo shown sharp at its largest), in pixels; any size when absent. */
  minSize?: { width: number; height: number };
  /**
   * Given the "Choose a file" button: the form's own ref for the field, so a submit refused for a missing image moves
   * the focus (and the page) to it, as it does for a text box. The file input itself is hidden and cannot take focus.
   */
  focusRef?: Ref<HTMLButtonElement>;
}

/**
 * An image field (or a video one, `kind`): choose a file or drop one, see it uploading, then see it. The browser checks
 * the file's first bytes and its size first (the catalogue's words for both), the API checks again and its answer is
 * shown the same way.
 */
export function ImageUploadField({
  label,
  value,
  onChange,
  error,
  hint,
  shape = 'square',
  isRequired,
  kind = 'image',
  minSize,
  focusRef,
}: ImageUploadFieldProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [uploadError, setUploadError] = useState<string>();
  const imageUpload = useUploadConsoleImage();
  const videoUpload = useUploadConsoleAnimation();
  const upload = kind === 'video' ? videoUpload : imageUpload;
  const { accepted, maxBytes, noun, takes } = kinds[kind];
  const shownError = uploadError ?? error;

  /**
   * What the API would answer for this file's first bytes, or nothing when they are this field's kind: the content
   * decides, not the name or the type the browser guesses from it (a PNG saved as `.txt`, a video with no extension).
   * An image for a video, or a video for an image, answers as the API would (spec section 8's pair); anything else
   * gets the catalogue's words and what the field does take (the catalogue's own words name neither).
   */
  async function contentRefusal(file: File): Promise<string | undefined> {
    const bytes = new Uint8Array(await file.slice(0, VIDEO_SIGNATURE_BYTES).arrayBuffer());
    const isImage = sniffImageType(bytes) !== null;
    const isVideo = sniffVideoType(bytes) !== null;
    if (kind === 'video' ? isVideo : isImage) return undefined;
    if (kind === 'video' && (isImage || isIsoMediaImage(bytes))) {
      return errorCatalogue.IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD.message;
    }
    if (kind !== 'video' && isVideo) return errorCatalogue.IMAGE_REQUIRED_IN_IMAGE_FIELD.message;
    return `${errorCatalogue.UNSUPPORTED_MIMETYPE.message} ${takes.formats}`;
  }

  async function send(file: File) {
    setUploadError(undefined);
    const refusal = await contentRefusal(file);
    if (refusal) {
      setUploadError(refusal);
      return;
    }
    if (file.size > maxBytes) {
      setUploadError(`${errorCatalogue.FILE_TOO_LARGE.message}. ${takes.size}`);
      return;
    }
    try {
      if (kind === 'video') onChange((await videoUpload.mutateAsync(file)).url);
      else {
        const uploaded = await imageUpload.mutateAsync(file);
        // The API reads the size from the image itself; one too small for the field is not taken (it stays unused).
        if (minSize && (uploaded.width < minSize.width || uploaded.height < minSize.height)) {
          setUploadError(
            `This image is ${uploaded.width} × ${uploaded.height} pixels: use one of at least ${minSize.width} × ${minSize.height}.`,
          );
          return;
        }
        onChange(uploaded.url, uploaded);
      }
    } catch (failure) {
      setUploadError(isApiError(failure) ? failure.message : errorCatalogue.INTERNAL_ERROR.message);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setIsDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) void send(file);
  }

  const describedBy =
    [hint ? hintId : undefined, shownError ? errorId : undefined].filter(Boolean).join(' ') || undefined;

  return (
    <div className={styles.field}>
      <p className={styles.label} id={`${inputId}-label`}>
        {label}
        {isRequired ? <span className={styles.required}>(required)</span> : null}
      </p>
      <div
        className={`${styles.dropzone} ${styles[shape]}`}
        data-dragging={isDragging || undefined}
        data-invalid={shownError ? true : undefined}
        onDragOver={(event) => {
          event.preventDefault();
          setIsDragging(true);
        }}
        onDragLeave={() => setIsDragging(false)}
        onDrop={onDrop}
      >
        {value && kind === 'video' ? (
          <video
            className={styles.preview}
            src={value}
            aria-label={`${label}: current video`}
            muted
            loop
            autoPlay
            playsInline
          />
        ) : value ? (
          <img
            className={styles.preview}
            src={value}
            srcSet={uploadSrcSet(value, PREVIEW[shape].largestVariant)}
            sizes={PREVIEW[shape].sizes}
            alt={`${label}: current image`}
          />
        ) : null}
        <div className={styles.overlay} data-has-image={value ? true : undefined}>
          {upload.isPending ? (
            <p className={styles.status} role="status">
              <Spinner />
              Uploading…
            </p>
          ) : (
            <>
              {value ? null : <Icon name="upload" size={24} />}
              <p className={styles.prompt}>
                {value ? `Drop a new ${noun} to replace it` : `Drop ${kind === 'image' ? 'an' : 'a'} ${noun} here`}
              </p>
              <div className={styles.buttons}>
                <Button
                  ref={focusRef}
                  size="sm"
                  onClick={() => inputRef.current?.click()}
                  aria-describedby={describedBy}
                  aria-labelledby={`${inputId}-label ${inputId}-choose`}
                  id={`${inputId}-choose`}
                >
                  {value ? 'Replace' : 'Choose a file'}
                </Button>
                {value ? (
                  <Button size="sm" variant="ghost" onClick={() => onChange('')}>
                    Remove
                  </Button>
                ) : null}
              </div>
            </>
          )}
        </div>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={accepted.join(',')}
          // Hidden: the "Choose a file" button opens it, and dropping works on the whole frame.
          hidden
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) void send(file);
          }}
        />
      </div>
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {shownError ? (
        <p id={errorId} className={styles.error} role="alert">
          {shownError}
        </p>
      ) : null}
    </div>
  );
}

/**
 * An ImageUploadField bound to a form field that holds the image's address (or null): the console forms' way to
 * ask for a logo, a banner or artwork. `onUploaded` hears about each new upload (a product keeps its thumbnail).
 */
export function ControlledImageField<TValues extends FieldValues, TTransformed = TValues>({
  control,
  name,
  onUploaded,
  ...field
}: Omit<ImageUploadFieldProps, 'value' | 'onChange' | 'error'> & {
  control: Control<TValues, unknown, TTransformed>;
  name: FieldPath<TValues>;
  onUploaded?: (uploaded: TUploadedImage | undefined) => void;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field: bound, fieldState }) => (
        <ImageUploadField
          {...field}
          value={(bound.value as string | null | undefined) ?? ''}
          onChange={(url, uploaded) => {
            bound.onChange(url);
            onUploaded?.(uploaded);
          }}
          error={fieldState.error?.message}
          focusRef={bound.ref}
        />
      )}
    />
  );
}
