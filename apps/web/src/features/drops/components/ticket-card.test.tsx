import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { responsiveImages, type TTicketKind } from '@cypher/contract';
import { TicketCard } from './ticket-card.tsx';

function ticketKind(imageUrl: string | null, description: string | null = null): TTicketKind {
  return {
    id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a60',
    name: 'Raffle ticket',
    imageUrl,
    description,
    brand: null,
    price: null,
    maxPerOrder: 10,
    isActive: true,
    usedFor: 'Enter raffle rounds',
  };
}

describe('TicketCard', () => {
  it('asks for a ticket’s uploaded artwork at the width the card grid shows it, not as its original', () => {
    render(<TicketCard kind={ticketKind('/uploads/raffle-ticket.webp')} figure="3 held" />);
    const picture = screen.getByRole('article', { name: 'Raffle ticket' }).querySelector('img')!;
    expect(picture.getAttribute('src')).toBe('/uploads/raffle-ticket.webp');
    expect(picture.getAttribute('srcset')).toBe(
      [320, 480, 640, 800].map((width) => `/uploads/raffle-ticket.webp?w=${width} ${width}w`).join(', '),
    );
    expect(picture.getAttribute('sizes')).toBe(responsiveImages.cardArtwork.sizes);
  });

  it('draws a ticket without artwork, asking for no picture', () => {
    render(<TicketCard kind={ticketKind(null)} figure="3 held" />);
    expect(screen.getByRole('article', { name: 'Raffle ticket' }).querySelector('img')).toBeNull();
  });

  // Session 69's console hunt: a kind's description was saved in the console and shown to nobody.
  it('folds what the brand wrote about it under "About this ticket", and says nothing of one without', async () => {
    const about = 'One entry to any raffle round.\nKept when you lose.';
    const { unmount } = render(<TicketCard kind={ticketKind(null, about)} figure="3 held" />);
    const card = screen.getByRole('article', { name: 'Raffle ticket' });
    const summary = within(card).getByText('About this ticket');
    const text = within(card).getByText(/One entry to any raffle round/);
    expect(text.textContent).toBe(about);
    expect(text).not.toBeVisible();
    await userEvent.setup().click(summary);
    expect(text).toBeVisible();
    unmount();
    render(<TicketCard kind={ticketKind(null)} figure="3 held" />);
    expect(screen.queryByText('About this ticket')).toBeNull();
  });
});
