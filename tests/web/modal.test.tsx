import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { Modal } from '../../web/src/components/Modal';
import { setupDomTests } from './helpers';

setupDomTests();

function Demo() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      <Modal open={open} onClose={() => setOpen(false)} title="Language and currency">
        <button type="button">First</button>
        <button type="button">Last</button>
      </Modal>
    </>
  );
}

describe('Modal', () => {
  it('is a labelled modal dialog that takes focus, traps Tab, closes on Escape and gives focus back', async () => {
    render(<Demo />);
    const opener = screen.getByRole('button', { name: 'Open' });
    opener.focus();
    await act(async () => {
      fireEvent.click(opener);
    });

    const dialog = screen.getByRole('dialog', { name: 'Language and currency' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const close = screen.getByRole('button', { name: 'Close' });
    expect(document.activeElement).toBe(close);

    const last = screen.getByRole('button', { name: 'Last' });
    last.focus();
    fireEvent.keyDown(document.activeElement!, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);

    await act(async () => {
      fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('puts the focus on the element marked data-autofocus, or the first focusable inside it, and gives it back on close', async () => {
    function Marked({ on }: { on: 'field' | 'group' }) {
      const [open, setOpen] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setOpen(true)}>
            Open
          </button>
          <Modal open={open} onClose={() => setOpen(false)} title="Find a chef">
            <button type="button">Before</button>
            <div data-autofocus={on === 'group' ? '' : undefined}>
              <label>
                Where? <input data-autofocus={on === 'field' ? '' : undefined} />
              </label>
            </div>
          </Modal>
        </>
      );
    }
    for (const on of ['field', 'group'] as const) {
      const view = render(<Marked on={on} />);
      const opener = screen.getByRole('button', { name: 'Open' });
      opener.focus();
      await act(async () => {
        fireEvent.click(opener);
      });
      expect(document.activeElement, on).toBe(screen.getByRole('textbox', { name: 'Where?' }));
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Close' }));
      });
      expect(document.activeElement, on).toBe(opener);
      view.unmount();
    }
  });

  it('closes when the backdrop is clicked', async () => {
    render(<Demo />);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Open' }));
    });
    await act(async () => {
      fireEvent.click(screen.getByTestId('modal-backdrop'));
    });
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
