import { describe, expect, it } from 'vitest';
import { reminderNotice } from '../../../src-main/desktop-reminders';

const reminder = {
  wikiId: 1,
  title: '東方の夜',
  url: 'http://127.0.0.1:5000/anime/1',
  at: Date.parse('2024-01-15T16:30:00Z'),
  remindAt: Date.parse('2024-01-15T16:20:00Z'),
};

describe('reminderNotice()', () => {
  it('names the show, when it airs and how soon, and links its page', () => {
    const notice = reminderNotice(reminder, reminder.remindAt, 'en-GB');
    expect(notice.title).toBe('東方の夜');
    expect(notice.body).toMatch(/^On air at \d{2}:\d{2}, in 10 min$/);
    expect(notice.url).toBe('http://127.0.0.1:5000/anime/1');
  });

  it('says "now" once the broadcast has begun', () => {
    expect(reminderNotice(reminder, reminder.at + 60_000, 'en-GB').body).toMatch(/^On air now/);
  });
});
