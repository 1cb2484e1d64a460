import { describe, expect, it } from 'vitest';
import {
  LATE_MS,
  RECHECK_MS,
  remindersBetween,
  scheduleReminders,
  type Reminder,
  type ReminderClock,
  type ReminderState,
  type RemindedShow,
} from '../../../src-main/contract/broadcast-reminders';
import type { BroadcastDto } from '../../../src-main/contract/objects';
import { localMidnight } from '../../../src-main/contract/time';

const TOKYO = 'Asia/Tokyo';
const slot = (weekdays: number[], time: string, begin: [number, number, number]): BroadcastDto => ({
  weekdays,
  time,
  period_days: 7,
  date_begin: localMidnight(...begin, TOKYO),
  date_end: 0,
  time_zone: TOKYO,
});
const show = (id: number, broadcast: BroadcastDto): RemindedShow => ({
  wiki_id: id,
  wiki_title: `Show ${id}`,
  wiki_url: `http://127.0.0.1/anime/${id}`,
  wiki_broadcast: broadcast,
});
// Monday 25:30 (Tuesday 01:30 JST = Monday 16:30 UTC), from Monday 8 January 2024.
const LATE = show(1, slot([1], '25:30', [2024, 1, 8]));
// Monday 24:05 (Tuesday 00:05 JST = Monday 15:05 UTC): ten minutes before is Monday 23:55 JST.
const MIDNIGHT = show(2, slot([1], '24:05', [2024, 1, 8]));
const iso = (ms: number) => new Date(ms).toISOString();

/** Timers on a clock the test moves. */
class FakeClock implements ReminderClock {
  private timers: { at: number; run: () => void; id: number }[] = [];
  private ids = 0;
  constructor(public t: number) {}
  now = () => this.t;
  setTimeout = (run: () => void, ms: number) => {
    const id = ++this.ids;
    this.timers.push({ at: this.t + ms, run, id });
    return id;
  };
  clearTimeout = (id: unknown) => {
    this.timers = this.timers.filter((x) => x.id !== id);
  };
  /** Moves to `to`, running the timers due on the way (each at its own time), as a sleeping machine would with `late`. */
  async advance(to: number, { late = false } = {}): Promise<void> {
    for (;;) {
      await new Promise((r) => setImmediate(r));
      const due = this.timers.filter((x) => x.at <= to).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers = this.timers.filter((x) => x !== due);
      this.t = late ? to : Math.max(this.t, due.at);
      due.run();
    }
    this.t = to;
    await new Promise((r) => setImmediate(r));
  }
}

describe('remindersBetween()', () => {
  it('reminds before a 25:30 broadcast on the Tuesday morning it airs', () => {
    const [r] = remindersBetween([LATE], 10, Date.parse('2024-01-15T00:00:00Z'), Date.parse('2024-01-16T00:00:00Z'));
    expect(iso(r.at)).toBe('2024-01-15T16:30:00.000Z');
    expect(iso(r.remindAt)).toBe('2024-01-15T16:20:00.000Z'); // Tuesday 01:20 JST
  });

  it('puts a reminder before midnight for a show just after it', () => {
    const [r] = remindersBetween([MIDNIGHT], 10, Date.parse('2024-01-15T00:00:00Z'), Date.parse('2024-01-16T00:00:00Z'));
    expect(iso(r.remindAt)).toBe('2024-01-15T14:55:00.000Z'); // Monday 23:55 JST
  });
});

describe('scheduleReminders()', () => {
  function run(start: string, state: ReminderState) {
    const clock = new FakeClock(Date.parse(start));
    const seen: Reminder[] = [];
    let current = state;
    let loads = 0;
    const scheduler = scheduleReminders(
      async () => {
        loads++;
        return current;
      },
      (r) => seen.push(r),
      clock,
    );
    return { clock, seen, scheduler, set: (s: ReminderState) => (current = s), loads: () => loads };
  }

  it('announces each broadcast once, at its lead time, week after week', async () => {
    const { clock, seen, scheduler } = run('2024-01-15T12:00:00Z', { enabled: true, minutes: 10, shows: [LATE, MIDNIGHT] });
    await clock.advance(Date.parse('2024-01-15T14:54:59Z'));
    expect(seen).toEqual([]);
    await clock.advance(Date.parse('2024-01-15T16:20:00Z'));
    expect(seen.map((r) => [r.wikiId, iso(r.remindAt)])).toEqual([
      [2, '2024-01-15T14:55:00.000Z'],
      [1, '2024-01-15T16:20:00.000Z'],
    ]);
    await clock.advance(Date.parse('2024-01-22T16:20:00Z'));
    expect(seen.map((r) => r.wikiId)).toEqual([2, 1, 2, 1]);
    scheduler.stop();
  });

  it('says nothing while reminders are off, and nothing of the past when turned on', async () => {
    const { clock, seen, scheduler, set } = run('2024-01-15T12:00:00Z', { enabled: false, minutes: 10, shows: [LATE] });
    await clock.advance(Date.parse('2024-01-15T17:00:00Z'));
    expect(seen).toEqual([]);
    set({ enabled: true, minutes: 10, shows: [LATE] });
    await scheduler.refresh();
    await clock.advance(Date.parse('2024-01-22T16:19:00Z'));
    expect(seen).toEqual([]);
    await clock.advance(Date.parse('2024-01-22T16:20:00Z'));
    expect(seen.map((r) => iso(r.at))).toEqual(['2024-01-22T16:30:00.000Z']);
    scheduler.stop();
  });

  it('picks up a show followed meanwhile within the re-check time', async () => {
    const { clock, seen, scheduler, set, loads } = run('2024-01-15T12:00:00Z', { enabled: true, minutes: 10, shows: [] });
    await clock.advance(Date.parse('2024-01-15T12:00:00Z') + 1);
    set({ enabled: true, minutes: 10, shows: [LATE] });
    const before = loads();
    await clock.advance(Date.parse('2024-01-15T12:00:00Z') + RECHECK_MS + 1);
    expect(loads()).toBeGreaterThan(before);
    await clock.advance(Date.parse('2024-01-15T16:20:00Z'));
    expect(seen).toHaveLength(1);
    scheduler.stop();
  });

  it('after a long sleep announces only what is still about to air', async () => {
    const { clock, seen, scheduler } = run('2024-01-15T12:00:00Z', { enabled: true, minutes: 10, shows: [LATE, MIDNIGHT] });
    // The machine sleeps from 12:00 to 16:40 UTC: the 24:05 show began 95 minutes ago, the 25:30 one 10.
    await clock.advance(Date.parse('2024-01-15T16:40:00Z'), { late: true });
    expect(seen.map((r) => r.wikiId)).toEqual([1]);
    expect(Date.parse('2024-01-15T16:40:00Z') - seen[0].at).toBeLessThanOrEqual(LATE_MS);
    scheduler.stop();
  });

  it('tries again later when the shows cannot be loaded, and stops for good', async () => {
    const clock = new FakeClock(Date.parse('2024-01-15T16:00:00Z'));
    const seen: Reminder[] = [];
    let fail = true;
    const scheduler = scheduleReminders(
      async () => {
        if (fail) throw new Error('server gone');
        return { enabled: true, minutes: 10, shows: [LATE] };
      },
      (r) => seen.push(r),
      clock,
    );
    await clock.advance(Date.parse('2024-01-15T16:01:00Z'));
    fail = false;
    await clock.advance(Date.parse('2024-01-15T16:20:00Z'));
    expect(seen).toHaveLength(1);
    scheduler.stop();
    await clock.advance(Date.parse('2024-01-22T17:00:00Z'));
    expect(seen).toHaveLength(1);
  });
});
