import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../api/query-client.ts';
import { startSession } from '../../../lib/session.ts';
import { brand, page } from '../../../test/catalog-fixtures.ts';
import { apiFailure, json, stubApi } from '../../../test/fake-api.ts';
import { BrandField } from './brand-select.tsx';

/** Brand n of 150, sorted by name: "Brand 001" … "Brand 150". */
const nthBrand = (n: number) => {
  const number = String(n).padStart(3, '0');
  return brand({ id: `0190a0b0-0000-7000-8000-000000${number}b00`, slug: `brand-${number}`, name: `Brand ${number}` });
};

function BrandForm({ onSave }: { onSave: (values: { brandId: string }) => void }) {
  const { control, handleSubmit } = useForm<{ brandId: string }>({ defaultValues: { brandId: '' } });
  return (
    <form onSubmit={handleSubmit(onSave)}>
      <BrandField control={control} name="brandId" fixedBrandName={undefined} />
      <button type="submit">Save</button>
    </form>
  );
}

function renderForm(onSave = vi.fn()) {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <BrandForm onSave={onSave} />
    </QueryClientProvider>,
  );
  return onSave;
}

const queryOf = (path: string) => new URL(path, 'http://localhost').searchParams;

// Review (console finding 5): the brand select listed the first 100 brands only, so brand 101 could not be chosen.
describe('the brand field, with more brands than a page holds', () => {
  it('finds a brand beyond the first hundred by its name, and the form sends its id', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    const sent = stubApi((request) => {
      const q = queryOf(request.path).get('q');
      if (!q)
        return json(200, {
          data: page(
            Array.from({ length: 100 }, (_, n) => nthBrand(n + 1)),
            { total: 150 },
          ),
        });
      const found = Array.from({ length: 150 }, (_, n) => nthBrand(n + 1)).filter((item) => item.name.includes(q));
      return json(200, { data: page(found, { size: 100 }) });
    });
    const user = userEvent.setup();
    const onSave = renderForm();

    const select = screen.getByLabelText(/^Brand/);
    await within(select).findByRole('option', { name: 'Brand 100' });
    expect(within(select).queryByRole('option', { name: 'Brand 142' })).toBeNull();
    expect(screen.getByText('50 more brands: search by name to find them.')).toBeInTheDocument();

    await user.type(screen.getByRole('searchbox', { name: 'Search brands by name' }), '142');
    await within(select).findByRole('option', { name: 'Brand 142' });
    expect(queryOf(sent.at(-1)!.path).get('q')).toBe('142');
    await user.selectOptions(select, 'Brand 142');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledWith({ brandId: nthBrand(142).id }, expect.anything());
  });

  it('says when the brands could not be loaded, and Try again loads them', async () => {
    startSession({ accessToken: 'access-1', refreshToken: 'refresh-1' });
    let isDown = true;
    stubApi(() =>
      isDown
        ? apiFailure(500, 'INTERNAL_ERROR', 'Something went wrong on our side. Please try again in a moment.')
        : json(200, { data: page([brand()]) }),
    );
    const user = userEvent.setup();
    renderForm();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Something went wrong on our side. Please try again in a moment.',
    );
    const select = screen.getByLabelText(/^Brand/);
    expect(select).not.toHaveAttribute('aria-busy');
    isDown = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await within(select).findByRole('option', { name: 'Neon Arcade' });
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
