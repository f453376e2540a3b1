import { BANNER_SUBTITLE_MAX_LENGTH, type TBanner } from '@cypher/contract';
import type { z } from 'zod';
import { Field } from '../../../ui/field.tsx';
import { Input } from '../../../ui/input.tsx';
import { DateTimeField } from '../components/date-time-field.tsx';
import { EntryForm } from '../components/entry-form.tsx';
import { FormActions } from '../components/form-actions.tsx';
import { ControlledImageField } from '../components/image-upload-field.tsx';
import { TimeZoneHint } from '../components/time-zone-hint.tsx';
import { ZBannerForm } from '../form-schemas.ts';
import { text } from '../form-values.ts';
import { useEntryForm } from '../use-entry-form.ts';
import styles from '../components/console-form.module.css';

type TValues = z.input<typeof ZBannerForm>;

const fields = ['title', 'subtitle', 'imageUrl', 'linkUrl', 'placement', 'sortOrder', 'startsAt', 'endsAt'] as const;

function toValues(banner: TBanner | undefined): TValues {
  return {
    title: banner?.title ?? '',
    subtitle: text(banner?.subtitle),
    imageUrl: banner?.imageUrl ?? '',
    linkUrl: text(banner?.linkUrl),
    placement: banner?.placement ?? 'HOME',
    sortOrder: banner?.sortOrder ?? 0,
    startsAt: banner?.startsAt ?? null,
    endsAt: banner?.endsAt ?? null,
  };
}

/** Create or edit a home page banner: picture, words, where it leads, its order and when it shows. */
export function BannerForm({ banner }: { banner?: TBanner }) {
  const loaded = toValues(banner);
  const { form, saveOutput, isSaving } = useEntryForm('banners', banner?.id, {
    schema: ZBannerForm,
    loaded,
    version: banner?.updatedAt,
    noun: 'banner',
    fields,
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = form;
  const onSubmit = handleSubmit(saveOutput);

  return (
    <EntryForm
      label={banner ? `Edit ${banner.title}` : 'New banner'}
      onSubmit={onSubmit}
      serverError={errors.root?.server?.message}
    >
      <section className={styles.card}>
        <ControlledImageField
          control={control}
          name="imageUrl"
          label="Picture"
          isRequired
          shape="wide"
          hint="Wide, about 1440 × 480. The title is written over its left side."
        />
        <div className={styles.grid}>
          <Field label="Title" error={errors.title?.message} isRequired>
            {(props) => <Input {...props} {...register('title')} />}
          </Field>
          <Field
            label="Link"
            hint="A page of this site (/brands/...) or an https:// address."
            error={errors.linkUrl?.message}
          >
            {(props) => <Input {...props} placeholder="/brands/gaming/..." {...register('linkUrl')} />}
          </Field>
          <Field label="Subtitle" className={styles.full} error={errors.subtitle?.message}>
            {(props) => <Input {...props} maxLength={BANNER_SUBTITLE_MAX_LENGTH} {...register('subtitle')} />}
          </Field>
          <TimeZoneHint className={styles.full} />
          <DateTimeField
            control={control}
            name="startsAt"
            label="Shows from"
            hint="Empty: as soon as it is published."
          />
          <DateTimeField control={control} name="endsAt" label="Shows until" hint="Empty: until it is unpublished." />
          <Field label="Display order" hint="Lower numbers come first." error={errors.sortOrder?.message}>
            {(props) => (
              <Input
                {...props}
                type="number"
                inputMode="numeric"
                step={1}
                {...register('sortOrder', { setValueAs: (value) => (value === '' ? 0 : Number(value)) })}
              />
            )}
          </Field>
        </div>
      </section>
      <FormActions isSaving={isSaving} cancelTo="/console/banners" isNew={!banner} />
    </EntryForm>
  );
}
