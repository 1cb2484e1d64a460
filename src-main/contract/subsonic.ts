// What Settings shows of the OpenSubsonic face's sign-in (/app/subsonic): shared by the server and the UI.

export interface SubsonicSettings {
  /** The user name players sign in with. */
  user: string;
  /** Whether a Subsonic password is set; the password itself is never answered. */
  password_set: boolean;
  /** When it was set (Unix seconds), or null. */
  set_at: number | null;
}
