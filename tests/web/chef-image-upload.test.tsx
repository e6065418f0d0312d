// The picture picker of the chef area: a file that is no picture is refused at the picker before anything is sent, a
// picture is resized and uploaded and handed on, and the server's refusal shows at the picker, with the focus there.
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ImageUploader } from '../../web/src/features/chef-area/ImageUploader';
import { setLocale } from '../../web/src/lib/i18n';
import { describedText, givenChef, renderFresh, setupChefTests } from './chef-fixtures';
import { FakeXhr, mockCanvas } from './upload-fixtures';

setupChefTests();
afterEach(async () => {
  await setLocale('en', { persist: false });
  vi.restoreAllMocks();
  FakeXhr.last = null;
});

function renderPicker() {
  givenChef();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:shown');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
  const onUploaded = vi.fn();
  renderFresh('/account/me/profile', <ImageUploader kind="avatar" name="avatar_image_id" label="Choose a picture" onUploaded={onUploaded} preview={(url) => <span data-testid="shown">{url ?? 'none'}</span>} testId="picker" />);
  return { onUploaded, input: screen.getByLabelText('Choose a picture') as HTMLInputElement };
}

async function choose(input: HTMLInputElement, file: File) {
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

describe('the picture picker', () => {
  it('refuses a file that is no picture at the picker, without uploading it', async () => {
    const { input, onUploaded } = renderPicker();
    await choose(input, new File(['%PDF'], 'menu.pdf', { type: 'application/pdf' }));
    expect(describedText(input)).toContain('This file type is not accepted. Choose a JPEG, PNG or WebP picture.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(FakeXhr.last).toBeNull();
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('uploads the resized picture and hands it on', async () => {
    mockCanvas({ webp: true });
    FakeXhr.respond = { status: 201, body: { data: { id: 9, kind: 'avatar', status: 'pending', url: { t256x256: '/v1/images/9/t256x256' } } } };
    const { input, onUploaded } = renderPicker();
    await choose(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(onUploaded).toHaveBeenCalledWith(expect.objectContaining({ id: 9 })));
    expect(screen.getByTestId('shown').textContent).toBe('blob:shown');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('shows the server’s refusal at the picker, with the focus there', async () => {
    mockCanvas({ webp: true });
    FakeXhr.respond = { status: 400, body: { message: 'Please check the pictures.', code: 'VALIDATION_FAILED', errors: { t256x256: ['This picture must be 256×256 pixels; it is 10×10.'] } } };
    const { input, onUploaded } = renderPicker();
    await choose(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(describedText(input)).toContain('This picture must be 256×256 pixels; it is 10×10.'));
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(input);
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('shows the server’s keyed refusal in the chef’s language', async () => {
    await setLocale('de', { persist: false });
    mockCanvas({ webp: true });
    const dimensions = { key: 'validation.uploadfile.dimensions', params: { width: 256, height: 256, actualwidth: 10, actualheight: 10 } };
    FakeXhr.respond = {
      status: 400,
      body: {
        message: 'Please check the pictures.',
        code: 'VALIDATION_FAILED',
        errors: { t256x256: ['This picture must be 256×256 pixels; it is 10×10.'] },
        message_key: { key: 'validation.uploadfile.checkpictures' },
        error_keys: { t256x256: [dimensions] },
      },
    };
    const { input } = renderPicker();
    await choose(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(describedText(input)).toContain('Dieses Bild muss 256×256 Pixel groß sein; es ist 10×10.'));
    expect(describedText(input)).not.toContain('pixels');
    expect(document.activeElement).toBe(input);
  });

  it.each([
    [{ status: 415, body: { message: 'This file type is not accepted. Upload a JPEG, PNG or WebP picture.', code: 'UNSUPPORTED_FILE_TYPE', errors: { t256x256: ['This file type is not accepted. Upload a JPEG, PNG or WebP picture.'] } } }, 'Dieser Dateityp wird nicht akzeptiert. Lade ein JPEG-, PNG- oder WebP-Bild hoch.'],
    [{ status: 413, body: { message: 'The file is too large. The limit is 2 MB.', code: 'FILE_TOO_LARGE', errors: { t256x256: ['The file is too large. The limit is 2 MB.'] } } }, 'Dieses Bild ist auch nach dem Vorbereiten zu groß. Die Grenze liegt bei 2 MB; wähle ein anderes Bild.'],
    [{ status: 413, body: { message: 'The request is too large.', code: 'PAYLOAD_TOO_LARGE' } }, 'Dieses Bild ist auch nach dem Vorbereiten zu groß. Die Grenze liegt bei 2 MB; wähle ein anderes Bild.'],
    [{ status: 429, body: { message: 'Too many uploads. Please wait a while and try again.', code: 'RATE_LIMITED' } }, 'Zu viele Uploads. Bitte warte eine Weile und versuche es dann erneut.'],
  ])('says the server’s refusal by its code in the chef’s language, with the limit (%#)', async (answer, said) => {
    await setLocale('de', { persist: false });
    mockCanvas({ webp: true });
    FakeXhr.respond = answer;
    const { input } = renderPicker();
    await choose(input, new File(['x'], 'me.jpg', { type: 'image/jpeg' }));
    await waitFor(() => expect(describedText(input)).toContain(said));
    expect(describedText(input)).not.toMatch(/too large|not accepted|Too many/);
    expect(document.activeElement).toBe(input);
  });
});
