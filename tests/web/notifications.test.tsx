import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { GlobalAlert } from '../../web/src/components/GlobalAlert';
import { Notifications } from '../../web/src/components/Notifications';
import { closeModal, notify, openModal, showAlert, ui } from '../../web/src/state/ui';
import { setupDomTests } from './helpers';

setupDomTests();

describe('notifications', () => {
  it('show title and message and vanish after 5000 ms', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    await act(async () => {
      notify({ title: 'Could not sign up', message: 'Email already taken' });
    });
    expect(screen.getByRole('alert').textContent).toContain('Could not sign up');
    expect(screen.getByRole('alert').textContent).toContain('Email already taken');

    await act(async () => {
      vi.advanceTimersByTime(4999);
    });
    expect(screen.queryByText('Could not sign up')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Could not sign up')).toBeNull();
  });

  it('honour a custom closeAfter', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    await act(async () => {
      notify({ title: 'Welcome!', message: 'We are glad to have you on board.', type: 'success', closeAfter: 1000 });
      notify({ title: 'Newsletter' });
    });
    expect(screen.getByRole('status').textContent).toContain('Welcome!');
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Welcome!')).toBeNull();
    expect(screen.getByText('Newsletter')).toBeTruthy();
  });

  it('are errors by default and close when dismissed', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    await act(async () => {
      notify({ title: 'Could not fetch location', message: 'regionselector.deniedaccess' });
    });
    expect(ui.notifications[0]?.type).toBe('error');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    });
    expect(screen.queryByText('Could not fetch location')).toBeNull();
    // the cancelled timer does nothing later
    await act(async () => {
      vi.advanceTimersByTime(10_000);
    });
    expect(ui.notifications).toHaveLength(0);
  });

  it('clear the earlier errors when a success follows', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    await act(async () => {
      notify({ title: 'Could not sign up', message: 'Email already taken' });
      notify({ title: 'Welcome!', message: 'We are glad to have you on board.', type: 'success' });
    });
    expect(screen.queryByText('Could not sign up')).toBeNull();
    expect(screen.getByRole('status').textContent).toContain('Welcome!');
    expect(ui.notifications.map((n) => n.title)).toEqual(['Welcome!']);
  });

  it('never show the same one twice: a repeat starts its time again', async () => {
    vi.useFakeTimers();
    render(<Notifications />);
    await act(async () => {
      notify({ title: 'Could not sign up', message: 'Email already taken' });
    });
    await act(async () => {
      vi.advanceTimersByTime(4000);
      notify({ title: 'Could not sign up', message: 'Email already taken' });
    });
    expect(screen.getAllByText('Could not sign up')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(4000);
    });
    expect(screen.getAllByText('Could not sign up')).toHaveLength(1);
    await act(async () => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByText('Could not sign up')).toBeNull();
    // A different message is another notification.
    await act(async () => {
      notify({ title: 'Could not sign up', message: 'Email already taken' });
      notify({ title: 'Could not sign up', message: 'Password too short' });
    });
    expect(screen.getAllByText('Could not sign up')).toHaveLength(2);
  });
});

describe('global alert', () => {
  it('stays until closed when no closeAfter is given', async () => {
    vi.useFakeTimers();
    render(<GlobalAlert />);
    await act(async () => {
      showAlert({ message: 'Password reset is being sent', busy: true });
    });
    await act(async () => {
      vi.advanceTimersByTime(60_000);
    });
    expect(screen.getByRole('status').textContent).toContain('Password reset is being sent');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    });
    expect(screen.queryByText('Password reset is being sent')).toBeNull();
  });

  it('closes after its closeAfter', async () => {
    vi.useFakeTimers();
    render(<GlobalAlert />);
    await act(async () => {
      showAlert({ message: 'Saved', type: 'success', closeAfter: 2000 });
    });
    await act(async () => {
      vi.advanceTimersByTime(1999);
    });
    expect(screen.queryByText('Saved')).not.toBeNull();
    await act(async () => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Saved')).toBeNull();
  });

  it('a later alert supersedes the earlier one and its timer', async () => {
    vi.useFakeTimers();
    render(<GlobalAlert />);
    await act(async () => {
      showAlert({ message: 'Password reset is being sent', busy: true, closeAfter: 3000 });
    });
    await act(async () => {
      vi.advanceTimersByTime(2000);
    });
    await act(async () => {
      showAlert({ message: "Alright! We've sent you an email with further instructions.", type: 'success' });
    });
    expect(screen.queryByText('Password reset is being sent')).toBeNull();
    // the first alert's timer would have fired at 3000 ms; the new alert must survive it
    await act(async () => {
      vi.advanceTimersByTime(5000);
    });
    expect(screen.getByRole('status').textContent).toContain("Alright! We've sent you an email with further instructions.");
  });

  it('a later alert with its own closeAfter closes on its own schedule', async () => {
    vi.useFakeTimers();
    render(<GlobalAlert />);
    await act(async () => {
      showAlert({ message: 'first', closeAfter: 1000 });
    });
    await act(async () => {
      vi.advanceTimersByTime(500);
    });
    await act(async () => {
      showAlert({ message: 'second', closeAfter: 1000 });
    });
    await act(async () => {
      vi.advanceTimersByTime(600);
    });
    expect(screen.getByText('second')).toBeTruthy();
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(screen.queryByText('second')).toBeNull();
  });
});

describe('modals', () => {
  it('only one is open at a time', async () => {
    openModal('locale');
    openModal('newsletter');
    expect(ui.modal?.name).toBe('newsletter');
    closeModal('locale');
    expect(ui.modal?.name).toBe('newsletter');
    closeModal();
    expect(ui.modal).toBeNull();
  });
});
