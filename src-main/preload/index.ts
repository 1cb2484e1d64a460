// Sandboxed preload: hands the page the server URL and the UI token as `window.moecat`, and nothing else
// (no ipcRenderer, no Node, no API key). The values arrive as switches set by window-policy.ts.
import { contextBridge } from 'electron';
import { readBridgeArgs } from '../window-policy';

const bridge = readBridgeArgs(process.argv);
if (bridge) {
  contextBridge.exposeInMainWorld('moecat', Object.freeze({ serverUrl: bridge.serverUrl, uiToken: bridge.uiToken }));
}
