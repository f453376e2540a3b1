import { useState } from 'react';
import type { ProfileImageKind } from '../api/upload-profile-image.ts';

const submitLabels: Record<ProfileImageKind, string> = {
  photo: 'Uploading photo…',
  background: 'Uploading background…',
};

/**
 * The images of a profile form (creation, edit) still uploading, fed by each ProfileImageField's
 * `onUploadingChange`. A chosen file is sent at once, but its address is known only when the upload answers: a form
 * sent before then saved the image as it was (none, or the old one) and the new one was lost. So while any upload
 * runs, the submit button is busy (it refuses clicks and Enter) and says why; an upload that fails leaves the image
 * as it was with its message under the field, and the form can then be sent without it or the file chosen again.
 */
export function useImageUploads() {
  const [uploading, setUploading] = useState<readonly ProfileImageKind[]>([]);

  function trackerFor(kind: ProfileImageKind) {
    return (isUploading: boolean) =>
      setUploading((current) => [...current.filter((other) => other !== kind), ...(isUploading ? [kind] : [])]);
  }

  const [first] = uploading;
  const submitLabel = uploading.length > 1 ? 'Uploading images…' : first ? submitLabels[first] : undefined;
  return { isUploading: uploading.length > 0, submitLabel, trackerFor };
}
