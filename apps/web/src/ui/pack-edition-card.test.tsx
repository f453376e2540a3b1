import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { responsiveImages } from '@cypher/contract';
import { packItem } from '../test/drops-fixtures.ts';
import { PackEditionCard } from './pack-edition-card.tsx';

const pictureOf = () => screen.getByRole('article').querySelector('img')!;

describe('PackEditionCard', () => {
  it('asks for an edition’s own generated picture at the width the card shows it, not as its original', () => {
    const item = packItem(0, 12, {
      edition: {
        id: packItem(0, 12).edition.id,
        serialNumber: 12,
        type: 'GENERATIVE',
        resourceUri: '/uploads/gen-12.png',
      },
    });
    render(<PackEditionCard item={item} />);
    const picture = pictureOf();
    expect(picture.getAttribute('src')).toBe('/uploads/gen-12.png');
    expect(picture.getAttribute('srcset')).toBe('/uploads/gen-12.png?w=320 320w, /uploads/gen-12.png?w=480 480w');
    expect(picture.getAttribute('sizes')).toBe(responsiveImages.packEditionArtwork.sizes);
  });

  it('asks for the product’s thumbnail (made for lists) as it is', () => {
    render(<PackEditionCard item={packItem(0, 12)} />);
    const picture = pictureOf();
    expect(picture.getAttribute('src')).toBe('/uploads/dragon-thumb.webp');
    expect(picture.hasAttribute('srcset')).toBe(false);
    expect(picture.hasAttribute('sizes')).toBe(false);
  });
});
