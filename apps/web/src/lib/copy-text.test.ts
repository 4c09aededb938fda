import { afterEach, describe, expect, it, vi } from 'vitest';
import { copyText } from '@/lib/copy-text';

const execCommand = vi.fn<(command: string) => boolean>();

function stubClipboard(writeText: ((text: string) => Promise<void>) | undefined) {
  Object.defineProperty(navigator, 'clipboard', {
    configurable: true,
    value: writeText ? { writeText } : undefined,
  });
}

afterEach(() => {
  execCommand.mockReset();
  stubClipboard(undefined);
});

describe('copyText', () => {
  it('uses the Clipboard API when it works', async () => {
    const writeText = vi.fn(async () => undefined);
    stubClipboard(writeText);
    document.execCommand = execCommand;
    await copyText('gph_live_abc');
    expect(writeText).toHaveBeenCalledWith('gph_live_abc');
    expect(execCommand).not.toHaveBeenCalled();
  });

  it('falls back to a selected textarea and execCommand when the Clipboard API fails', async () => {
    stubClipboard(() => Promise.reject(new Error('denied')));
    const container = document.createElement('div');
    document.body.appendChild(container);
    let selected = '';
    execCommand.mockImplementation((command) => {
      const textarea = container.querySelector('textarea');
      selected = textarea ? textarea.value.slice(textarea.selectionStart, textarea.selectionEnd) : '';
      return command === 'copy';
    });
    document.execCommand = execCommand;
    await copyText('gph_live_abc', container);
    expect(execCommand).toHaveBeenCalledWith('copy');
    expect(selected).toBe('gph_live_abc');
    expect(container.querySelector('textarea')).toBeNull();
    container.remove();
  });

  it('rejects when neither way copies', async () => {
    stubClipboard(undefined);
    execCommand.mockReturnValue(false);
    document.execCommand = execCommand;
    await expect(copyText('gph_live_abc')).rejects.toThrow('The browser refused to copy');
    expect(document.querySelector('textarea')).toBeNull();
  });
});
