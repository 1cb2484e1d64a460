// The page-wide signal that the followed shows or the reminder settings changed (a heart pressed on a
// show, Settings saved): the browser's reminders plan again when they hear it. Kept apart from them so
// that sending it loads none of their code.
export const FOLLOWING_CHANGED = 'moecat:following-changed';

export function followingChanged(): void {
  window.dispatchEvent(new Event(FOLLOWING_CHANGED));
}
