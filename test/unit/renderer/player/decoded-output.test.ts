// The decoded output over a stand-in AudioContext: a track starts a little ahead of now from where it
// was, the prepared next track is started on the exact time the current one ends (and again after a
// pause or a seek), takes over when the current one ends (advanced, then started), is not started when
// its joint has already passed, and is dropped when the queue no longer joins it.
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AudioEvents } from '../../../../src-renderer/src/player/audio-events';
import type { AudioGraph } from '../../../../src-renderer/src/player/audio-graph';
import { createDecodedOutput } from '../../../../src-renderer/src/player/decoded-output';

class FakeSource {
  buffer: { duration: number } | null = null;
  onended: (() => void) | null = null;
  started: { when: number; offset: number } | null = null;
  stopped = false;
  constructor(readonly context: FakeContext) {}
  connect() {}
  disconnect() {}
  start(when: number, offset: number) {
    this.started = { when, offset };
  }
  stop() {
    this.stopped = true;
  }
}

class FakeContext {
  currentTime = 10;
  state = 'running';
  sources: FakeSource[] = [];
  destination = {};
  createBufferSource() {
    const s = new FakeSource(this);
    this.sources.push(s);
    return s;
  }
  createGain() {
    const gain = { value: 1, setTargetAtTime: (v: number) => void (gain.value = v) };
    return { gain, context: this, connect() {}, disconnect() {} };
  }
  decodeAudioData(bytes: { seconds: number }) {
    return Promise.resolve({ duration: bytes.seconds });
  }
}

/** Seconds of each file, by URL. */
const LENGTHS: Record<string, number> = { '/a.flac': 3, '/b.flac': 4, '/c.flac': 5 };

let ctx: FakeContext;
let calls: string[];
const events = new Proxy({} as AudioEvents, {
  get: (_, name: string) => () => calls.push(name),
});
const graph = (): AudioGraph => ({
  available: true,
  ensure: () => ctx as unknown as AudioContext,
  running: () => Promise.resolve(ctx as unknown as AudioContext),
  whenRunning: () => {},
});
const settle = () => new Promise((r) => setTimeout(r, 0));
const live = () => ctx.sources.filter((s) => !s.stopped);

beforeEach(() => {
  vi.useRealTimers();
  ctx = new FakeContext();
  calls = [];
  vi.stubGlobal('fetch', (url: string) => Promise.resolve({ ok: true, arrayBuffer: () => Promise.resolve({ seconds: LENGTHS[url] }) }));
});

describe('createDecodedOutput', () => {
  it('starts the next track on the sample the current one ends on, and hands over when it ends', async () => {
    const out = createDecodedOutput(graph(), events, { volume: 1, muted: false });
    out.load('/a.flac', true, 0, 1);
    out.prepareNext({ url: '/b.flac', gain: 0.5 });
    await settle();
    const [a, b] = ctx.sources;
    expect(a.started).toEqual({ when: 10.05, offset: 0 });
    // a plays 3 s from 10.05: b starts at 13.05 exactly.
    expect(b.started).toEqual({ when: a.started!.when + 3, offset: 0 });
    expect(calls).toContain('started');

    calls = [];
    ctx.currentTime = 13.1;
    a.onended!();
    expect(calls.slice(0, 2)).toEqual(['duration', 'advanced']);
    expect(calls).toContain('started');
    expect(calls).not.toContain('ended');

    // b is now current; c prepared after it starts at b's end.
    out.prepareNext({ url: '/c.flac', gain: 1 });
    await settle();
    expect(ctx.sources[2].started).toEqual({ when: 13.05 + 4, offset: 0 });
  });

  it('ends the track when nothing is prepared, or when the joint passed before the next was decoded', async () => {
    const out = createDecodedOutput(graph(), events, { volume: 1, muted: false });
    out.load('/a.flac', true, 0, 1);
    await settle();
    ctx.currentTime = 13.04; // too close to a's end at 13.05 to start b there
    out.prepareNext({ url: '/b.flac', gain: 1 });
    await settle();
    expect(ctx.sources).toHaveLength(1);
    ctx.sources[0].onended!();
    expect(calls).toContain('ended');
    expect(calls).not.toContain('advanced');
  });

  it('after a pause or a seek, starts again from there and moves the joint with it', async () => {
    const out = createDecodedOutput(graph(), events, { volume: 1, muted: false });
    out.load('/a.flac', true, 0, 1);
    out.prepareNext({ url: '/b.flac', gain: 1 });
    await settle();
    ctx.currentTime = 11.05; // 1 s in
    out.pause();
    expect(live()).toHaveLength(0);
    expect(calls).toContain('paused');

    ctx.currentTime = 20;
    out.play();
    await settle();
    const [a, b] = live();
    expect(a.started).toEqual({ when: 20.05, offset: 1 });
    expect(b.started!.when).toBeCloseTo(20.05 + 2, 10);

    out.seek(2.5);
    await settle();
    const [a2, b2] = live();
    expect(a2.started).toEqual({ when: 20.05, offset: 2.5 });
    expect(b2.started!.when).toBeCloseTo(20.05 + 0.5, 10);
  });

  it('drops the prepared track when the queue no longer joins one', async () => {
    const out = createDecodedOutput(graph(), events, { volume: 1, muted: false });
    out.load('/a.flac', true, 0, 1);
    out.prepareNext({ url: '/b.flac', gain: 1 });
    await settle();
    expect(live()).toHaveLength(2);
    out.prepareNext(null);
    expect(live()).toHaveLength(1);
    live()[0].onended!();
    expect(calls).toContain('ended');
  });

  it('says a file that cannot be fetched or decoded is unplayable', async () => {
    vi.stubGlobal('fetch', () => Promise.resolve({ ok: false, status: 404 }));
    const out = createDecodedOutput(graph(), events, { volume: 1, muted: false });
    out.load('/gone.flac', true, 0, 1);
    await settle();
    expect(calls).toContain('unplayable');
  });
});
