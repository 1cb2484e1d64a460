// Text from elsewhere — a remote's titles and messages, file and folder names, error messages that
// quote them — made safe to print on a terminal. A terminal obeys what it is sent: ESC, CSI and OSC
// sequences in a synced title changed the window's title and cleared the screen, a CR or a backspace
// overwrites what was printed before. The CLI passes every such text through `printable` and writes its
// own control sequences (the progress bar's redraw) itself.

// C0 (tab and line breaks included: one line stays one line), DEL, C1 (0x9B is a CSI on its own).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/g;
// Bidi embeddings, overrides and isolates: they reorder what follows on the line ("Trojan Source").
const BIDI = /[\u202a-\u202e\u2066-\u2069]/g;
// A lone surrogate cannot be written as UTF-8.
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `text` without control characters or bidi controls: tabs and line breaks become spaces, the others go. */
export function printable(text: string): string {
  return text
    .replace(/\r\n|[\t\n\r\v\f\u0085\u2028\u2029]/g, ' ')
    .replace(CONTROL, '')
    .replace(BIDI, '')
    .replace(LONE_SURROGATE, '\ufffd');
}
