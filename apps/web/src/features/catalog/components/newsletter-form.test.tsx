import { authMessages, errorCatalogue } from '@cypher/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../api/query-client.ts';
import { apiFailure, json, stubApi } from '../../../test/fake-api.ts';
import { startSession } from '../../../lib/session.ts';
import { CONFIRMATION_SENT_MESSAGE, NewsletterForm, SUBSCRIBED_MESSAGE } from './newsletter-form.tsx';

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

  it('asks to confirm from the inbox, in the same words whatever the address’s state', async () => {
    const sent = stubApi(() => json(200, { data: { email: 'fan@example.com', status: 'CONFIRMATION_SENT' } }));
    const { user, email } = renderBox();
    await user.type(email, ' Fan@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(CONFIRMATION_SENT_MESSAGE)).toBeInTheDocument();
    expect(
      screen.getByText(/If fan@example.com is not subscribed yet, we sent it a link to confirm/),
    ).toBeInTheDocument();
    expect(screen.queryByText(SUBSCRIBED_MESSAGE)).not.toBeInTheDocument();
    expect(sent).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/v1/subscribe',
        authorization: null,
        body: { email: 'fan@example.com' },
      }),
    ]);
  });

  it('sends the session, and says subscribed when the API put a signed-in person’s own address on the list', async () => {
    startSession({ accessToken: 'a1', refreshToken: 'r1' });
    const sent = stubApi(() => json(200, { data: { email: 'fan@example.com', status: 'SUBSCRIBED' } }));
    const { user, email } = renderBox();
    await user.type(email, 'fan@example.com');
    await user.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText(SUBSCRIBED_MESSAGE)).toBeInTheDocument();
    expect(screen.queryByText(CONFIRMATION_SENT_MESSAGE)).not.toBeInTheDocument();
    expect(sent).toEqual([expect.objectContaining({ path: '/v1/subscribe', authorization: 'Bearer a1' })]);
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
