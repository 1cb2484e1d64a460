// What the CLI prints from elsewhere — a remote's titles and messages, file names, error messages that
// quote them — carries no control character a terminal would obey (a window-title change, a screen
// clear, a carriage return over what was printed) and no bidi override.
import { describe, expect, it } from 'vitest';
import { printable } from '../../../src-main/terminal-text';

/** Every character a terminal acts on, or that reorders a line. */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/;

describe('printable()', () => {
  it('removes escape sequences’ introducers, so a title cannot retitle the window or clear the screen', () => {
    expect(printable('A\u001b]0;pwned\u0007B\u001b[2J\u001b[HC')).toBe('A]0;pwnedB[2J[HC');
    expect(printable('8-bit CSI \u009b2J, OSC \u009d0;x\u009c')).toBe('8-bit CSI 2J, OSC 0;x');
  });

  it('keeps one line one line: tabs and line breaks of any kind become spaces', () => {
    expect(printable('a\tb\nc\r\nd\re\u000bf\u000cg\u0085h\u2028i\u2029j')).toBe('a b c d e f g h i j');
  });

  it('drops every other C0 control, DEL and C1', () => {
    const all =
      Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(i)).join('') +
      '\u007f' +
      Array.from({ length: 0x20 }, (_, i) => String.fromCharCode(0x80 + i)).join('');
    expect(printable(`<${all}>`)).toMatch(/^<\s*>$/);
    expect(printable(`<${all}>`)).not.toMatch(UNSAFE);
  });

  it('drops bidi embeddings, overrides and isolates, and mends lone surrogates', () => {
    expect(printable('file\u202egpj.exe \u2066x\u2069 \u202ay\u202c')).toBe('filegpj.exe x y');
    expect(printable('a\ud800b')).toBe('a\ufffdb');
  });

  it('leaves ordinary text alone, whatever its script', () => {
    for (const text of ['東方Project', 'Café — «ça»', 'ａｂｃ 😀', '/home/user/Music/曲.mp3', '']) expect(printable(text)).toBe(text);
  });
});
