import {
  errorCatalogue,
  fixedWidthImage,
  formatNumber,
  IMAGE_SIGNATURE_BYTES,
  imageContentTypes,
  PRODUCT_ARTWORKS_MAX,
  sniffImageType,
  uploadSrcSet,
  type ImageFormat,
} from '@cypher/contract';
import { useId, useRef, useState } from 'react';
import { isApiError } from '../../../api/api-error.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorState } from '../../../ui/error-state.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useProductArtworks, useSetProductArtworks } from '../api/product-artworks.ts';
import { useUploadConsoleImage } from '../api/upload-console-image.ts';
import { FormSection } from '../components/form-section.tsx';
import formStyles from '../components/console-form.module.css';
import styles from './generative-artwork-section.module.css';

/** Spec section 9 shows an edition's own picture only when it is a PNG, JPEG or GIF (the API refuses the others). */
const ACCEPTED_FORMATS: readonly ImageFormat[] = ['png', 'jpeg', 'gif'];
const ACCEPTED_TYPES = ACCEPTED_FORMATS.map((format) => imageContentTypes[format]);
const MAX_BYTES = 10 * 1024 * 1024;
/** Each tile is at most 120 px wide (generative-artwork-section.module.css). */
const TILE = fixedWidthImage(120);
const byFileName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * The console product page's "Generative artwork" (decision record 58): one image per edition, the edition numbered n
 * minted with the n-th. Chosen all at once (a multiple file input), numbered in file-name order, uploaded one by one
 * through the console's media upload and saved as a whole; replaced the same way, or removed. Fixed, and said so,
 * once any edition exists; not offered for an open edition.
 */
export function GenerativeArtworkSection({ productId }: { productId: string }) {
  const headingId = useId();
  const hintId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const artworks = useProductArtworks(productId);
  const save = useSetProductArtworks(productId);
  const upload = useUploadConsoleImage();
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [problem, setProblem] = useState<string>();

  const title = 'Generative artwork';
  if (artworks.isPending) {
    return (
      <FormSection id={headingId} title={title}>
        <p className={styles.status} role="status">
          <Spinner /> Loading the artwork…
        </p>
      </FormSection>
    );
  }
  if (artworks.isError && !artworks.data) {
    return (
      <FormSection id={headingId} title={title}>
        <ErrorState
          title="We could not load the generative artwork"
          titleAs="h3"
          error={artworks.error}
          onRetry={() => void artworks.refetch()}
          isRetrying={artworks.isFetching}
        />
      </FormSection>
    );
  }

  const { editionSize, editionsMade, canChange, artworks: list } = artworks.data;
  const isBusy = progress !== null || save.isPending;

  async function replaceWith(files: File[]) {
    setProblem(undefined);
    if (editionSize === null) return;
    const refused = await firstNotAccepted(files);
    if (refused) {
      setProblem(`${refused.name}: ${errorCatalogue.UNSUPPORTED_MIMETYPE.message} Use PNG, JPEG or GIF images.`);
      return;
    }
    const tooLarge = files.find((file) => file.size > MAX_BYTES);
    if (tooLarge) {
      setProblem(`${tooLarge.name}: ${errorCatalogue.FILE_TOO_LARGE.message}`);
      return;
    }
    if (files.length !== editionSize) {
      setProblem(
        `Choose one image per edition: ${formatNumber(editionSize)}, not ${formatNumber(files.length)}. Nothing was changed.`,
      );
      return;
    }
    const ordered = [...files].sort((a, b) => byFileName.compare(a.name, b.name));
    const urls: string[] = [];
    try {
      for (const [index, file] of ordered.entries()) {
        setProgress({ done: index, total: ordered.length });
        urls.push((await upload.mutateAsync(file)).url);
      }
      setProgress(null);
      await save.mutateAsync(urls);
    } catch (failure) {
      setProgress(null);
      setProblem(failureText(failure));
    }
  }

  async function removeAll() {
    setProblem(undefined);
    try {
      await save.mutateAsync([]);
    } catch (failure) {
      setProblem(failureText(failure));
    }
  }

  const isMismatched = list.length > 0 && editionSize !== null && list.length !== editionSize;
  return (
    <FormSection id={headingId} title={title}>
      <p className={formStyles.hint} id={hintId}>
        {editionSize === null
          ? 'An open edition cannot be generative: give the product an edition size and save it first.'
          : !canChange
            ? `${formatNumber(editionsMade)} ${editionsMade === 1 ? 'edition is' : 'editions are'} minted or set aside: the artwork can no longer change.`
            : `Give each of the ${formatNumber(editionSize)} editions its own picture: choose ${formatNumber(editionSize)} PNG, JPEG or GIF images at once. They are numbered in file-name order (art-2 before art-10), and edition #n is minted with image n. Without them, every edition shows the product's image.`}
      </p>
      {editionSize !== null && editionSize > PRODUCT_ARTWORKS_MAX && canChange ? (
        <p className={formStyles.hint}>
          A generative product has at most {formatNumber(PRODUCT_ARTWORKS_MAX)} editions: lower the edition size to give
          it artwork.
        </p>
      ) : null}
      {isMismatched ? (
        <Alert tone="info">
          The edition size is now {formatNumber(editionSize)} and there are {formatNumber(list.length)} images:
          {editionSize > list.length
            ? ` editions past #${formatNumber(list.length)} would show the product's image.`
            : ` images past #${formatNumber(editionSize)} are not used.`}{' '}
          Choose {formatNumber(editionSize)} images again to match.
        </Alert>
      ) : null}
      {problem ? <Alert tone="error">{problem}</Alert> : null}
      {progress ? (
        <p className={styles.status} role="status">
          <Spinner /> Uploading {formatNumber(progress.done + 1)} of {formatNumber(progress.total)}…
        </p>
      ) : save.isPending ? (
        <p className={styles.status} role="status">
          <Spinner /> Saving…
        </p>
      ) : null}
      {list.length > 0 ? (
        <ol className={styles.grid} aria-label="Artwork by edition">
          {list.map((artwork) => (
            <li key={artwork.serialNumber} className={styles.tile}>
              <img
                src={artwork.resourceUri}
                srcSet={uploadSrcSet(artwork.resourceUri, TILE.largestVariant)}
                sizes={TILE.sizes}
                alt={`Edition #${artwork.serialNumber}`}
                loading="lazy"
                width={120}
                height={120}
              />
              <span className={styles.number} aria-hidden="true">
                #{formatNumber(artwork.serialNumber)}
              </span>
            </li>
          ))}
        </ol>
      ) : canChange && editionSize !== null ? (
        <p className={styles.empty}>No artwork yet: this product is minted STANDARD.</p>
      ) : null}
      {canChange && editionSize !== null && editionSize <= PRODUCT_ARTWORKS_MAX ? (
        <div className={formStyles.actions}>
          {list.length > 0 ? (
            <Button variant="ghost" onClick={() => void removeAll()} disabled={isBusy}>
              Remove all
            </Button>
          ) : null}
          <Button
            variant="primary"
            onClick={() => inputRef.current?.click()}
            isLoading={isBusy}
            aria-describedby={hintId}
          >
            {list.length > 0 ? 'Replace all images' : 'Choose images'}
          </Button>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={ACCEPTED_TYPES.join(',')}
            hidden
            aria-label="Artwork images, one per edition"
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              if (files.length > 0) void replaceWith(files);
            }}
          />
        </div>
      ) : null}
    </FormSection>
  );
}

/**
 * The first file that is not a PNG, JPEG or GIF by its first bytes, whatever its name and type say: a WebP renamed
 * `.png` passes the file picker, and the API would store it as the WebP it is and refuse it only at the save, after
 * every image had been uploaded.
 */
async function firstNotAccepted(files: readonly File[]): Promise<File | undefined> {
  for (const file of files) {
    const format = sniffImageType(new Uint8Array(await file.slice(0, IMAGE_SIGNATURE_BYTES).arrayBuffer()));
    if (!format || !ACCEPTED_FORMATS.includes(format)) return file;
  }
  return undefined;
}

/** The API's words, with the field's own sentence when it names one (a count, an image not uploaded here). */
function failureText(failure: unknown): string {
  if (!isApiError(failure)) return errorCatalogue.INTERNAL_ERROR.message;
  const detail = failure.details?.[0]?.message;
  return detail ? `${failure.message} ${detail}` : failure.message;
}
