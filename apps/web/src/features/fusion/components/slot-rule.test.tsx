import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { SlotRule } from './slot-rule.tsx';

const id = '0190a0b0-0000-7000-8000-0000000f2001';

describe('SlotRule', () => {
  it('names what the public does not see without a link, as the API names it', () => {
    render(
      <MemoryRouter>
        <SlotRule
          requiredCount={2}
          rule={{ kind: 'PRODUCT', product: { id, name: 'Unreleased product', isPublic: false } }}
        />
        <SlotRule
          requiredCount={1_200}
          rule={{ kind: 'COLLECTION', collection: { id, name: 'Unreleased', isPublic: false } }}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('2 × Unreleased product')).toBeInTheDocument();
    expect(screen.getByText('1,200 × from the Unreleased collection')).toBeInTheDocument();
  });

  it('links a product and a collection the public sees to their pages', () => {
    render(
      <MemoryRouter>
        <SlotRule requiredCount={3} rule={{ kind: 'PRODUCT', product: { id, name: 'Squire', isPublic: true } }} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('link', { name: 'Squire' })).toHaveAttribute('href', `/products/${id}`);
  });
});
