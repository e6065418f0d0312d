// The newsletter's double opt-in links (issue 15 L8): the confirmation page subscribes only on the person's click
// and then offers the way off the list; the unsubscribe page does the same for leaving; a broken link says so.
import { act, fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { App } from '../../web/src/app/App';
import { givenSession, renderAt, setupDomTests, stubFetch } from './helpers';

setupDomTests();

const bodyOf = (calls: { url: string; init: RequestInit }[], path: string) => {
  const call = calls.find((c) => c.url === path);
  return call ? JSON.parse(String(call.init.body)) : undefined;
};

async function press(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('newsletter confirmation page', () => {
  it('confirms on the click, not on opening, and then links to unsubscribing', async () => {
    givenSession();
    const { calls } = stubFetch({
      '/v1/newsletter/confirm': {
        body: { message: 'You are now subscribed to our newsletter.', email: 'lea@example.com', unsubscribe_url: 'http://localhost:8787/newsletter/unsubscribe?email=lea%40example.com&token=sig123' },
      },
    });
    renderAt('/newsletter/confirm?token=abcdefghijkl', <App />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirm your newsletter subscription' })).toBeTruthy();
    expect(calls.filter((c) => c.url === '/v1/newsletter/confirm')).toHaveLength(0);
    await press('Confirm subscription');
    expect(bodyOf(calls, '/v1/newsletter/confirm')).toEqual({ token: 'abcdefghijkl' });
    expect((await screen.findByRole('status')).textContent).toContain('Thank you! lea@example.com is now subscribed to our newsletter.');
    expect(screen.getByRole('link', { name: 'Changed your mind? Unsubscribe' }).getAttribute('href')).toBe('/newsletter/unsubscribe?email=lea%40example.com&token=sig123');
  });

  it('says so when the link is not valid or has expired, or has no token at all', async () => {
    givenSession();
    stubFetch({ '/v1/newsletter/confirm': { status: 400, body: { message: 'This link is not valid or has expired.', code: 'INVALID_TOKEN', errors: { token: ['This link is not valid or has expired.'] } } } });
    const { unmount } = renderAt('/newsletter/confirm?token=abcdefghijkl', <App />);
    await screen.findByRole('heading', { level: 1, name: 'Confirm your newsletter subscription' });
    await press('Confirm subscription');
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link is not valid or has expired. Please sign up for the newsletter again.');
    unmount();

    renderAt('/newsletter/confirm', <App />);
    expect((await screen.findByRole('alert')).textContent).toBe('This confirmation link is not valid or has expired. Please sign up for the newsletter again.');
    expect(screen.queryByRole('button', { name: 'Confirm subscription' })).toBeNull();
  });
});

describe('newsletter unsubscribe page', () => {
  it('names the address and unsubscribes it on the click', async () => {
    givenSession();
    const { calls } = stubFetch({ '/v1/newsletter/unsubscribe': { body: { message: 'You are unsubscribed from our newsletter.' } } });
    renderAt('/newsletter/unsubscribe?email=lea%40example.com&token=sig123', <App />);
    expect(await screen.findByText('Do you no longer want to receive our newsletter at lea@example.com?')).toBeTruthy();
    await press('Unsubscribe');
    expect(bodyOf(calls, '/v1/newsletter/unsubscribe')).toEqual({ email: 'lea@example.com', token: 'sig123' });
    expect((await screen.findByRole('status')).textContent).toBe('You are unsubscribed. lea@example.com will not get our newsletter any more.');
  });

  it('refuses a link that was changed', async () => {
    givenSession();
    stubFetch({ '/v1/newsletter/unsubscribe': { status: 400, body: { message: 'This link is not valid or has expired.', code: 'INVALID_TOKEN', errors: { token: ['This link is not valid or has expired.'] } } } });
    renderAt('/newsletter/unsubscribe?email=other%40example.com&token=sig123', <App />);
    await screen.findByRole('heading', { level: 1, name: 'Unsubscribe from the newsletter' });
    await press('Unsubscribe');
    expect((await screen.findByRole('alert')).textContent).toBe('This unsubscribe link is not valid. Please use the link from our e-mail as it is.');
  });
});
