// Ambient types for the renderer: Vite's client types come from tsconfig.web.json.

/**
 * Set by the desktop app's preload (src-main/preload), absent in a plain browser. Mirrors
 * MoecatBridge in src-main/window-policy.ts, which the renderer may not import. Only api/ reads it.
 */
interface Window {
  readonly moecat?: { readonly serverUrl: string; readonly uiToken?: string };
}
