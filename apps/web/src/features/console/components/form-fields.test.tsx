import { zodResolver } from '@hookform/resolvers/zod';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createQueryClient } from '../../../api/query-client.ts';
import { startSession } from '../../../lib/session.ts';
import { brand, ids, page } from '../../../test/catalog-fixtures.ts';
import { deferred, json, stubApi } from '../../../test/fake-api.ts';
import { BrandField } from './brand-select.tsx';
import { DateTimeField } from './date-time-field.tsx';
import { RelationField } from './relation-select.tsx';

// What the fields hold (null for none) against what the form sends (required here).
const required = (message: string) =>
  z
    .string()
    .nullable()
    .pipe(z.string({ error: message }));
const ZForm = z.object({ licenseId: required('Choose a license.'), opensAt: required('Enter when it opens.') });
type TForm = { licenseId: string | null; opensAt: string | null };

function Form({ onSave, onPicked }: { onSave: (values: z.output<typeof ZForm>) => void; onPicked?: () => void }) {
  const { control, handleSubmit } = useForm<TForm, unknown, z.output<typeof ZForm>>({
    resolver: zodResolver(ZForm),
    defaultValues: { licenseId: null, opensAt: null },
  });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <RelationField
        control={control}
        name="licenseId"
        label="License"
        isRequired
        noneLabel="Choose a license"
        options={[{ id: 'lic-1', label: 'Standard' }]}
      />
      <DateTimeField control={control} name="opensAt" label="Opens" isRequired onPicked={onPicked} />
      <button type="submit">Save</button>
    </form>
  );
}

describe('console form fields bound to react-hook-form', () => {
  it('show their errors, focus the first one wrong, and hand over what was chosen', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onPicked = vi.fn();
    render(<Form onSave={onSave} onPicked={onPicked} />);

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a license.')).toBeInTheDocument();
    expect(screen.getByText('Enter when it opens.')).toBeInTheDocument();
    expect(screen.getByLabelText(/^License/)).toHaveFocus();
    expect(onSave).not.toHaveBeenCalled();

    await user.selectOptions(screen.getByLabelText(/^License/), 'Standard');
    const opens = screen.getByLabelText(/^Opens/);
    await user.type(opens, '2030-01-02T10:30');
    expect(onPicked).toHaveBeenLastCalledWith(new Date('2030-01-02T10:30').toISOString());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith(
      { licenseId: 'lic-1', opensAt: new Date('2030-01-02T10:30').toISOString() },
      expect.anything(),
    );
  });
});

function BrandForm({
  onSave,
  onBrandChange,
}: {
  onSave: (values: { brandId: string }) => void;
  onBrandChange: () => void;
}) {
  const { control, handleSubmit } = useForm<{ brandId: string }>({ defaultValues: { brandId: ids.ariaVale } });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <BrandField control={control} name="brandId" fixedBrandName={undefined} onBrandChange={onBrandChange} />
      <button type="submit">Save</button>
    </form>
  );
}

// Review: a new pass's brand, chosen for its one-brand manager, read "Choose a brand" once the brands had arrived.
describe('the brand field', () => {
  it('shows the brand the form came with once the brands arrive, and says when another is chosen', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const brands = deferred<Response>();
    stubApi(() => brands.promise);
    const user = userEvent.setup();
    const onSave = vi.fn();
    const onBrandChange = vi.fn();
    render(
      <QueryClientProvider client={createQueryClient()}>
        <BrandForm onSave={onSave} onBrandChange={onBrandChange} />
      </QueryClientProvider>,
    );

    const select = screen.getByLabelText(/^Brand/);
    expect(select).toHaveValue(ids.ariaVale);
    brands.resolve(
      json(200, {
        data: page([brand(), brand({ id: ids.ariaVale, slug: 'aria-vale', name: 'Aria Vale', type: 'ARTIST' })]),
      }),
    );
    await within(select).findByRole('option', { name: 'Aria Vale' });
    expect(select).toHaveValue(ids.ariaVale);
    expect(within(select).getByRole('option', { selected: true })).toHaveTextContent('Aria Vale');
    expect(onBrandChange).not.toHaveBeenCalled();

    await user.selectOptions(select, 'Neon Arcade');
    expect(onBrandChange).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ brandId: ids.neonArcade }, expect.anything());
  });
});
