import { errorCatalogue } from '@cypher/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client.ts';
import { startSession } from '../../../lib/session.ts';
import { apiFailure, json, stubApi } from '../../../test/fake-api.ts';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { mp4File, pngFile } from '../../../test/upload-files.ts';
import { ControlledImageField, ImageUploadField } from './image-upload-field.tsx';

type TMinSize = { width: number; height: number };

function Harness({ kind, minSize }: { kind?: 'image' | 'video'; minSize?: TMinSize }) {
  const [url, setUrl] = useState('');
  return (
    <ImageUploadField
      label={kind === 'video' ? 'Video' : 'Logo'}
      value={url}
      onChange={setUrl}
      kind={kind}
      minSize={minSize}
    />
  );
}

function renderField(kind?: 'image' | 'video', minSize?: TMinSize) {
  startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness kind={kind} minSize={minSize} />
    </QueryClientProvider>,
  );
  // The file input is hidden behind the "Choose a file" button; tests hand it the file directly.
  return document.querySelector<HTMLInputElement>('input[type="file"]')!;
}

/** A form whose only field is a required image, as the console's entry forms hold one. */
function RequiredImageForm() {
  const form = useForm({
    resolver: zodResolver(z.object({ imageUrl: z.string().min(1, 'Upload an image.') })),
    defaultValues: { imageUrl: '' },
  });
  return (
    <form onSubmit={form.handleSubmit(() => undefined)}>
      <input aria-label="Name" />
      <ControlledImageField control={form.control} name="imageUrl" label="Artwork" />
      <button type="submit">Save</button>
    </form>
  );
}

describe('ImageUploadField', () => {
  it('takes the focus when a submit is refused for a missing image, like any other field', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    render(
      <QueryClientProvider client={createQueryClient()}>
        <RequiredImageForm />
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Upload an image.');
    expect(screen.getByRole('button', { name: /Choose a file/ })).toHaveFocus();
  });

  it('shows the catalogue message when the API refuses the file type', async () => {
    const sent = stubApi(() => apiFailure(400, 'UNSUPPORTED_MIMETYPE', 'mimetype image/png is not accepted'));
    const input = renderField();

    await userEvent.upload(input, pngFile());

    expect(await screen.findByRole('alert')).toHaveProperty('textContent', errorCatalogue.UNSUPPORTED_MIMETYPE.message);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/console/media', authorization: 'Bearer access-1' });
  });

  // Walk finding: the catalogue's words alone never said what size the field takes.
  it('refuses a file over 10 MB before sending it, with the catalogue message and the limit', async () => {
    const sent = stubApi(() => json(201, {}));
    const input = renderField();

    await userEvent.upload(input, pngFile('huge.png', 10 * 1024 * 1024 + 1));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      `${errorCatalogue.FILE_TOO_LARGE.message}. Choose an image of up to 10 MB.`,
    );
    expect(sent).toEqual([]);
  });

  it('refuses a video before sending it, with the catalogue words for a video in an image field', async () => {
    const sent = stubApi(() => json(201, {}));
    const input = renderField();

    // Named and typed as an image: its bytes say video.
    await userEvent.setup({ applyAccept: false }).upload(input, mp4File('loop.png', 2048, 'image/png'));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      errorCatalogue.IMAGE_REQUIRED_IN_IMAGE_FIELD.message,
    );
    expect(sent).toEqual([]);
  });

  // Session 77: the field refused by the type the browser guessed from the name; the house rule is content.
  it('sends a PNG whatever it is named (no extension, .txt), and refuses text named .png before sending it', async () => {
    const sent = stubApi(() =>
      json(201, {
        data: { url: '/uploads/abc.png', width: 256, height: 256, contentType: 'image/png', thumbnailUrl: null },
      }),
    );
    const input = renderField();
    const user = userEvent.setup({ applyAccept: false });

    await user.upload(input, new File(['not an image at all'], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      `${errorCatalogue.UNSUPPORTED_MIMETYPE.message} Choose a JPEG, PNG, GIF or WebP image.`,
    );
    expect(sent).toEqual([]);

    await user.upload(input, pngFile('logo.txt', 64, 'text/plain'));
    await waitFor(() => expect(screen.getByRole('img', { name: 'Logo: current image' })).toBeInTheDocument());
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the uploaded image once the API has stored it', async () => {
    stubApi(() =>
      json(201, {
        data: { url: '/uploads/abc.png', width: 256, height: 256, contentType: 'image/png', thumbnailUrl: null },
      }),
    );
    const input = renderField();

    await userEvent.upload(input, pngFile());

    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo: current image' }).getAttribute('src')).toBe('/uploads/abc.png'),
    );
    // At the size its 240 px frame shows it, not as uploaded (up to 2400 px).
    const preview = screen.getByRole('img', { name: 'Logo: current image' });
    expect(preview.getAttribute('srcset')).toBe(
      '/uploads/abc.png?w=320 320w, /uploads/abc.png?w=480 480w, /uploads/abc.png?w=640 640w, /uploads/abc.png?w=800 800w',
    );
    expect(preview.getAttribute('sizes')).toBe('240px');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove' })).toBeInTheDocument();
  });

  // Console walk of session 45: a 10 × 10 logo was taken under "Square, at least 256 × 256".
  it('does not take an image smaller than the field asks for, and says its size', async () => {
    stubApi(() =>
      json(201, {
        data: { url: '/uploads/tiny.png', width: 10, height: 10, contentType: 'image/png', thumbnailUrl: null },
      }),
    );
    const input = renderField('image', { width: 256, height: 256 });

    await userEvent.upload(input, pngFile());

    expect(await screen.findByText('This image is 10 × 10 pixels: use one of at least 256 × 256.')).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'Logo: current image' })).toBeNull();
  });
});

describe('ImageUploadField for a video', () => {
  // Whatever the file chooser's filter: a file dropped on the frame is not filtered.
  const user = () => userEvent.setup({ applyAccept: false });

  it('refuses an image before sending it, with the catalogue words for an image in a media field', async () => {
    const sent = stubApi(() => json(201, {}));
    const input = renderField('video');
    expect(input.getAttribute('accept')).toBe('video/mp4,video/webm');

    // Named and typed as a video: its bytes say PNG.
    await user().upload(input, pngFile('still.mp4', 64, 'video/mp4'));

    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      errorCatalogue.IMAGE_NOT_ALLOWED_IN_MEDIA_FIELD.message,
    );
    await user().upload(input, new File(['x'], 'clip.mov', { type: 'video/quicktime' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      `${errorCatalogue.UNSUPPORTED_MIMETYPE.message} Choose an MP4 or WebM video.`,
    );
    expect(sent).toEqual([]);
  });

  it('sends an MP4 to the animations upload and shows it playing in the frame', async () => {
    const sent = stubApi(() => json(201, { data: { url: '/uploads/abc.mp4', contentType: 'video/mp4', bytes: 2048 } }));
    const input = renderField('video');
    expect(screen.getByText('Drop a video here')).toBeInTheDocument();

    await user().upload(input, mp4File());

    await waitFor(() =>
      expect(screen.getByLabelText('Video: current video').getAttribute('src')).toBe('/uploads/abc.mp4'),
    );
    expect(sent[0]).toMatchObject({ method: 'POST', path: '/v1/console/media/animations' });
    expect(screen.getByText('Drop a new video to replace it')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
