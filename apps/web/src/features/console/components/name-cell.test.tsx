import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { NameCell } from './name-cell.tsx';

function thumbnailOf(cell: ReactElement) {
  const { container } = render(<MemoryRouter>{cell}</MemoryRouter>);
  return container.querySelector('img')!;
}

describe('NameCell', () => {
  it('shows a row’s picture as the variant that covers its 36 px thumbnail, not as uploaded', () => {
    const thumbnail = thumbnailOf(<NameCell to="/console/brands/1" name="Aria Vale" imageUrl="/uploads/logo.png" />);
    expect(thumbnail.getAttribute('src')).toBe('/uploads/logo.png');
    expect(thumbnail.getAttribute('srcset')).toBe('/uploads/logo.png?w=320 320w');
    expect(thumbnail.getAttribute('sizes')).toBe('36px');
  });

  it('shows a banner’s wider thumbnail (96 px) from the variant that covers it on a 3x screen', () => {
    const thumbnail = thumbnailOf(
      <NameCell to="/console/banners/1" name="Fusion is here" imageUrl="/uploads/banner.jpg" isWide />,
    );
    expect(thumbnail.getAttribute('srcset')).toBe('/uploads/banner.jpg?w=320 320w');
    expect(thumbnail.getAttribute('sizes')).toBe('96px');
  });
});
