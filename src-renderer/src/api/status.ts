// HTTP for the catalogue summary shown on the home screen.

/** GET /app/status.json. Its type moves to src-main/contract/ once the contract defines it. */
export interface AppStatus {
  entries: number;
  subs: number;
  uploads: number;
  onAir: number;
  apiUrl: string;
}

export async function fetchStatus(signal?: AbortSignal): Promise<AppStatus> {
  // Relative to the page: the UI is always served by the server it talks to, in both shells.
  const response = await fetch('/app/status.json', { headers: { accept: 'application/json' }, signal });
  if (!response.ok) {
    const reason = [response.status, response.statusText].filter(Boolean).join(' ');
    throw new Error(`The server answered ${reason}.`);
  }
  return (await response.json()) as AppStatus;
}
