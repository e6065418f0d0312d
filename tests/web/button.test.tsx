import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Button, MIN_LOADING_MS } from '../../web/src/components/Button';
import { setupDomTests } from './helpers';

setupDomTests();

const isLoading = () => screen.getByRole('button').getAttribute('aria-busy') === 'true';

describe('Button', () => {
  it('renders its variant and label', () => {
    render(<Button variant="danger">Delete</Button>);
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('btn-danger');
  });

  it(`stays loading for at least ${MIN_LOADING_MS} ms`, () => {
    vi.useFakeTimers();
    const { rerender } = render(<Button loading>Save</Button>);
    expect(isLoading()).toBe(true);
    expect(screen.getByText('Loading…')).toBeTruthy();

    act(() => vi.advanceTimersByTime(100));
    rerender(<Button loading={false}>Save</Button>);
    expect(isLoading()).toBe(true);

    act(() => vi.advanceTimersByTime(299));
    expect(isLoading()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isLoading()).toBe(false);
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('stops at once when loading already lasted longer than the minimum', () => {
    vi.useFakeTimers();
    const { rerender } = render(<Button loading>Save</Button>);
    act(() => vi.advanceTimersByTime(1000));
    rerender(<Button loading={false}>Save</Button>);
    expect(isLoading()).toBe(false);
  });

  it('shows loading for a promise-returning onClick, for at least the minimum, and ignores clicks meanwhile', async () => {
    vi.useFakeTimers();
    let resolve!: () => void;
    const onClick = vi.fn(() => new Promise<void>((r) => (resolve = r)));
    render(<Button onClick={onClick}>Send</Button>);

    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(isLoading()).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: /Send/ }));
    expect(onClick).toHaveBeenCalledTimes(1);

    await act(async () => {
      vi.advanceTimersByTime(50);
      resolve();
    });
    expect(isLoading()).toBe(true);
    act(() => vi.advanceTimersByTime(349));
    expect(isLoading()).toBe(true);
    act(() => vi.advanceTimersByTime(1));
    expect(isLoading()).toBe(false);
  });

  it('is not clickable when disabled', () => {
    const onClick = vi.fn();
    render(
      <Button disabled onClick={onClick}>
        Save
      </Button>,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).not.toHaveBeenCalled();
  });
});
