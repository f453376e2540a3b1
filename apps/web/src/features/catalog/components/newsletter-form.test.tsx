import { authMessages, errorCatalogue } from '@cypher/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client.ts';
import { apiFailure, json, stubApi } from '../../../test/fake-api.ts';
import { NewsletterForm, SUBSCRIBED_MESSAGE } from './newsletter-form.tsx';

function renderBox() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <NewsletterForm />
    </QueryClientProvider>,
  );
  return { user: userEvent.setup(), email: screen.getByLabelText('Email address') };
}

describe('NewsletterForm', () => {
  it('checks the address with the contract’s rule before sending anything', async () => {
    const sent = stubApi(() => json(204));
    const { user, email } = renderBox();
    await user.type(email, 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(authMessages.emailFormat)).toBeInTheDocument();
    expect(sent).toEqual([]);
  });

  it('subscribes the address and says to check the inbox on any 2xx', async () => {
    const sent = stubApi(() => json(202, { data: { email: 'fan@example.com', isSubscribed: true } }));
    const { user, email } = renderBox();
    await user.type(email, ' Fan@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(SUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({ method: 'POST', path: '/v1/subscribe', body: { email: 'fan@example.com' } }),
    ]);
  });

  it('shows the catalogue message when the API refuses', async () => {
    stubApi(() => apiFailure(429, 'REQUEST_MAXIMUN'));
    const { user, email } = renderBox();
    await user.type(email, 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(errorCatalogue.REQUEST_MAXIMUN.message)).toBeInTheDocument();
    expect((screen.getByLabelText('Email address') as HTMLInputElement).value).toBe('fan@example.com');
  });
});
