// Every entry's cover comes in four sizes (docs/architecture.md, Decisions): square pixels per size, shared by the server
// (generated covers), the catalogue (imported and synced covers resized once) and the UI.
export const COVER_SIZES = { small: 96, medium: 144, square: 192, large: 480 } as const;
export type CoverSize = keyof typeof COVER_SIZES;

/**
 * The header that marks a generated cover's response (`moecat-cover: generated`): a cover drawn from
 * the title, which a Moecat syncing from this one draws itself rather than saving.
 */
export const GENERATED_COVER_HEADER = 'moecat-cover';
