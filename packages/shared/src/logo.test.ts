import { describe, expect, it } from 'vitest';
import { findLogoFileError, logoMaxBytes, logoSizeErrorMessage, logoTypeErrorMessage } from './logo.js';

describe('findLogoFileError', () => {
  it.each([
    ['logo.png', 'image/png'],
    ['logo.JPG', 'image/jpeg'],
    ['logo.jpeg', ''],
    ['logo.svg', 'image/svg+xml'],
    ['logo.gif', 'image/gif'],
    ['logo.webp', 'image/webp'],
  ])('accepts %s (%s)', (name, type) => {
    expect(findLogoFileError({ name, type, size: 10 })).toBeUndefined();
  });

  it.each([
    ['notes.txt', 'text/plain'],
    ['logo.bmp', 'image/bmp'],
    ['logo', ''],
    ['logo.png', 'text/html'],
  ])('refuses %s (%s) as a type error', (name, type) => {
    expect(findLogoFileError({ name, type, size: 10 })).toBe(logoTypeErrorMessage);
  });

  it('allows exactly 2 MB and refuses one byte more', () => {
    expect(findLogoFileError({ name: 'a.png', type: 'image/png', size: logoMaxBytes })).toBeUndefined();
    expect(findLogoFileError({ name: 'a.png', type: 'image/png', size: logoMaxBytes + 1 })).toBe(
      logoSizeErrorMessage,
    );
  });

  it('refuses an empty file', () => {
    expect(findLogoFileError({ name: 'a.png', type: 'image/png', size: 0 })).toBe(
      'Choose a logo file to upload.',
    );
  });
});
