// Remembers the desktop window's size, position and maximized state between runs, as JSON in the
// user data folder, and decides where to put the window when the saved place is no longer on screen
// (a monitor unplugged, a resolution changed, a hand-edited file). No electron import: window.ts
// passes in the displays' work areas and the window's bounds.
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIN_SIZE, type WindowPlacement } from './window-policy';

export type { WindowPlacement } from './window-policy';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What is saved: the window's normal (unmaximized) bounds, and whether it was maximized. */
export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

export const DEFAULT_SIZE = { width: 1200, height: 800 } as const;

/** A saved window counts as on screen when at least this much of it shows on one display. */
const MIN_VISIBLE = { width: 120, height: 60 } as const;
/** Larger than any real screen: anything beyond is a broken file, not a window. */
const MAX_COORDINATE = 100_000;

export const WINDOW_STATE_FILE = 'window-state.json';

export function windowStateFile(userDataDir: string): string {
  return join(userDataDir, WINDOW_STATE_FILE);
}

/** The saved state from JSON text, or null when it is not a state this module wrote. */
export function parseWindowState(text: string): WindowState | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isObject(value) || typeof value.maximized !== 'boolean' || !isObject(value.bounds)) return null;
  const { x, y, width, height } = value.bounds;
  if (![x, y].every(isCoordinate) || ![width, height].every(isSize)) return null;
  return { bounds: { x, y, width, height } as Rect, maximized: value.maximized };
}

/** Reads the saved state; a missing, unreadable or malformed file is "no saved state". */
export function loadWindowState(file: string): WindowState | null {
  try {
    return parseWindowState(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** Writes the state through a temporary file, so a crash mid-write never leaves half a file. */
export function saveWindowState(file: string, state: WindowState): void {
  const temporary = `${file}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, file);
}

/**
 * Where to open the window, given the saved state and the displays' work areas (the screen minus
 * panels and docks). The saved bounds are kept when enough of the window shows on some display; it
 * is then moved and shrunk as little as needed to fit entirely on that display. Otherwise the window
 * opens at the saved size (shrunk to the first display) with no position, so it comes up centred.
 */
export function restorePlacement(saved: WindowState | null, workAreas: readonly Rect[]): WindowPlacement {
  const primary = workAreas.find(isUsableArea);
  if (!saved) return { ...fitSize(DEFAULT_SIZE, primary), maximized: false };

  const host = bestDisplay(saved.bounds, workAreas.filter(isUsableArea));
  if (!host) return { ...fitSize(saved.bounds, primary), maximized: saved.maximized };

  const { width, height } = fitSize(saved.bounds, host);
  const x = clamp(saved.bounds.x, host.x, host.x + host.width - width);
  const y = clamp(saved.bounds.y, host.y, host.y + host.height - height);
  return { x, y, width, height, maximized: saved.maximized };
}

/** The display showing the largest part of the window, if some display shows enough of it. */
function bestDisplay(bounds: Rect, areas: readonly Rect[]): Rect | undefined {
  let best: Rect | undefined;
  let bestArea = 0;
  for (const area of areas) {
    const overlap = intersection(bounds, area);
    if (!overlap || overlap.width < MIN_VISIBLE.width || overlap.height < MIN_VISIBLE.height) continue;
    const size = overlap.width * overlap.height;
    if (size > bestArea) {
      best = area;
      bestArea = size;
    }
  }
  return best;
}

/** The size, no smaller than the window's minimum and no larger than the area (when there is one). */
function fitSize(size: { width: number; height: number }, area: Rect | undefined): { width: number; height: number } {
  const maxWidth = area ? Math.max(area.width, MIN_SIZE.width) : Infinity;
  const maxHeight = area ? Math.max(area.height, MIN_SIZE.height) : Infinity;
  return {
    width: clamp(Math.round(size.width), MIN_SIZE.width, maxWidth),
    height: clamp(Math.round(size.height), MIN_SIZE.height, maxHeight),
  };
}

function intersection(a: Rect, b: Rect): { width: number; height: number } | null {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return width > 0 && height > 0 ? { width, height } : null;
}

/** Clamps to [min, max]; when the range is empty (a window wider than the area) min wins. */
function clamp(value: number, min: number, max: number): number {
  return Math.max(min, Math.min(value, max));
}

function isUsableArea(area: Rect): boolean {
  return [area.x, area.y].every(Number.isFinite) && area.width > 0 && area.height > 0;
}

function isCoordinate(value: unknown): value is number {
  return Number.isInteger(value) && Math.abs(value as number) <= MAX_COORDINATE;
}

function isSize(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) > 0 && (value as number) <= MAX_COORDINATE;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
