// Where the desktop window reopens: saved bounds checked against the displays, and the JSON file
// that keeps them. No Electron: displays are given as work areas.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MIN_SIZE } from '../../../src-main/window-policy';
import {
  DEFAULT_SIZE,
  loadWindowState,
  parseWindowState,
  restorePlacement,
  saveWindowState,
  windowStateFile,
  type Rect,
  type WindowState,
} from '../../../src-main/window-state';

// A laptop screen with a 32 px top panel, and an external monitor to its right.
const LAPTOP: Rect = { x: 0, y: 32, width: 1920, height: 1048 };
const MONITOR: Rect = { x: 1920, y: 0, width: 2560, height: 1440 };

function saved(bounds: Rect, maximized = false): WindowState {
  return { bounds, maximized };
}

describe('restorePlacement()', () => {
  it('opens at the default size, centred, the first time', () => {
    expect(restorePlacement(null, [LAPTOP])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });

  it('puts a window back exactly where it was when it is on screen', () => {
    const bounds = { x: 100, y: 80, width: 1000, height: 700 };
    expect(restorePlacement(saved(bounds), [LAPTOP, MONITOR])).toEqual({ ...bounds, maximized: false });
  });

  it('keeps a window on the second monitor there', () => {
    const bounds = { x: 2200, y: 100, width: 1600, height: 1000 };
    expect(restorePlacement(saved(bounds), [LAPTOP, MONITOR])).toEqual({ ...bounds, maximized: false });
  });

  it('remembers that the window was maximized', () => {
    const bounds = { x: 100, y: 80, width: 1000, height: 700 };
    expect(restorePlacement(saved(bounds, true), [LAPTOP])).toMatchObject({ maximized: true, width: 1000 });
  });

  it('recentres a window left on a monitor that is gone, at its size', () => {
    const onMonitor = { x: 2200, y: 100, width: 1600, height: 1000 };
    expect(restorePlacement(saved(onMonitor), [LAPTOP])).toEqual({ width: 1600, height: 1000, maximized: false });
  });

  it('recentres a window of which only a sliver shows', () => {
    const sliver = { x: 1900, y: 100, width: 1000, height: 700 }; // 20 px of it on the laptop
    expect(restorePlacement(saved(sliver), [LAPTOP])).toEqual({ width: 1000, height: 700, maximized: false });
  });

  it('pulls a window that hangs over an edge back onto its display', () => {
    const overEdge = { x: 1400, y: -200, width: 1000, height: 700 }; // title bar above the screen
    expect(restorePlacement(saved(overEdge), [LAPTOP])).toEqual({ x: 920, y: 32, width: 1000, height: 700, maximized: false });
  });

  it('shrinks a window larger than the display it is on', () => {
    const huge = { x: 0, y: 0, width: 3000, height: 2000 };
    expect(restorePlacement(saved(huge), [LAPTOP])).toEqual({ x: 0, y: 32, width: 1920, height: 1048, maximized: false });
  });

  it('picks the display that shows most of a window spanning two', () => {
    const spanning = { x: 1500, y: 100, width: 1400, height: 900 }; // 420 px on the laptop, 980 on the monitor
    expect(restorePlacement(saved(spanning), [LAPTOP, MONITOR])).toMatchObject({ x: 1920, y: 100 });
  });

  it('never goes below the minimum size, even on a tiny display', () => {
    const tiny: Rect = { x: 0, y: 0, width: 640, height: 400 };
    const placement = restorePlacement(saved({ x: 0, y: 0, width: 300, height: 200 }), [tiny]);
    expect(placement).toMatchObject({ width: MIN_SIZE.width, height: MIN_SIZE.height, x: 0, y: 0 });
  });

  it('keeps the saved size when no display is known', () => {
    expect(restorePlacement(saved({ x: 10, y: 10, width: 900, height: 600 }), [])).toEqual({ width: 900, height: 600, maximized: false });
  });
});

describe('parseWindowState()', () => {
  it('reads what saveWindowState writes', () => {
    const state = saved({ x: -1200, y: 40, width: 1000, height: 700 }, true);
    expect(parseWindowState(JSON.stringify(state))).toEqual(state);
  });

  it.each([
    ['not JSON', '{bounds'],
    ['not an object', '[1,2,3]'],
    ['no maximized flag', '{"bounds":{"x":0,"y":0,"width":800,"height":600}}'],
    ['a missing coordinate', '{"bounds":{"x":0,"width":800,"height":600},"maximized":false}'],
    ['a fractional size', '{"bounds":{"x":0,"y":0,"width":800.5,"height":600},"maximized":false}'],
    ['a zero width', '{"bounds":{"x":0,"y":0,"width":0,"height":600},"maximized":false}'],
    ['a coordinate as text', '{"bounds":{"x":"0","y":0,"width":800,"height":600},"maximized":false}'],
    ['an absurd position', '{"bounds":{"x":1e12,"y":0,"width":800,"height":600},"maximized":false}'],
  ])('refuses %s', (_name, text) => {
    expect(parseWindowState(text)).toBeNull();
  });
});

describe('loadWindowState() and saveWindowState()', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'moecat-window-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps the state as JSON in the user data folder across a restart', () => {
    const file = windowStateFile(dir);
    const state = saved({ x: 100, y: 80, width: 1000, height: 700 });
    saveWindowState(file, state);
    expect(file).toBe(join(dir, 'window-state.json'));
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(state);
    expect(loadWindowState(file)).toEqual(state);
    expect(readdirSync(dir)).toEqual(['window-state.json']); // no temporary file left behind
  });

  it('treats a missing or damaged file as no saved state', () => {
    const file = windowStateFile(dir);
    expect(loadWindowState(file)).toBeNull();
    writeFileSync(file, '{"bounds":');
    expect(loadWindowState(file)).toBeNull();
    expect(restorePlacement(loadWindowState(file), [LAPTOP])).toEqual({ ...DEFAULT_SIZE, maximized: false });
  });
});
