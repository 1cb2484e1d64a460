// The one Content-Security-Policy of Moecat's UI, shared by the desktop window (set on every response
// in the Electron session) and the headless server (sent with index.html and the UI's assets).

/**
 * Everything comes from the server's own origin ('self' also holds when the server is reached under
 * another --host name). No inline script or style: the built Vue app needs neither, and Vue's style
 * bindings go through the CSSOM, which CSP does not govern. data: images are the page's empty favicon
 * and tiny inline images; covers and audio are files on the server. No eval, plugins, workers,
 * frames, framing by others, or <base> rewriting.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "media-src 'self'",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'none'",
  "frame-src 'none'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');
