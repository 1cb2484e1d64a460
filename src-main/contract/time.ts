// The catalogue's time zone and broadcast-day convention, shared by the server and the UI.

/** Dates and the on-air schedule are computed in this zone (DESIGN.md §3). */
export const CATALOGUE_TIME_ZONE = 'Asia/Tokyo';
