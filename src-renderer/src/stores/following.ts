// Following shows, Settings' side and a show page's: the reminder settings and the calendar feed's
// address as the server keeps them, and one show's calendar file. Saving tells the browser's
// reminders to plan again (reminders/following-changed.ts).
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { failureMessage } from '../api/client';
import { downloadShowCalendar, fetchCalendarFeed, fetchReminders, renewCalendarFeed, saveReminders, type ReminderSettings } from '../api/following';
import { followingChanged } from '../reminders/following-changed';

export const useFollowingStore = defineStore('following', () => {
  const reminders = ref<ReminderSettings>({ enabled: false, minutes: 10 });
  const feedUrl = ref('');
  const loaded = ref(false);
  /** Why the settings could not be loaded, '' when they were. */
  const loadError = ref('');

  async function load(): Promise<void> {
    try {
      const [kept, feed] = await Promise.all([fetchReminders(), fetchCalendarFeed()]);
      reminders.value = kept;
      feedUrl.value = feed;
      loaded.value = true;
      loadError.value = '';
    } catch (e) {
      loadError.value = failureMessage(e);
    }
  }

  /** Saves the reminders: '' when saved, else why not. */
  async function setReminders(wanted: ReminderSettings): Promise<string> {
    try {
      reminders.value = await saveReminders(wanted);
      followingChanged();
      return '';
    } catch (e) {
      return failureMessage(e);
    }
  }

  /** A new feed address (the old one stops working): '' when made, else why not. */
  async function renewFeed(): Promise<string> {
    try {
      feedUrl.value = await renewCalendarFeed();
      return '';
    } catch (e) {
      return failureMessage(e);
    }
  }

  /** Downloads one show's .ics: '' when done, else why not. */
  async function downloadCalendar(wikiId: number): Promise<string> {
    try {
      await downloadShowCalendar(wikiId);
      return '';
    } catch (e) {
      return failureMessage(e);
    }
  }

  return { reminders, feedUrl, loaded, loadError, load, setReminders, renewFeed, downloadCalendar };
});
