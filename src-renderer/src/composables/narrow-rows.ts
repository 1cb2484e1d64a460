// Song rows at 720 px and less (TrackRow, SearchSubList, FavouriteSubList): the heart and the play
// button move into the ⋯ menu so the title gets the width, and a tap on a row plays it.
import type { Ref } from 'vue';
import { useMediaQuery } from './use-media-query';

export function useNarrowRows(): { narrow: Ref<boolean>; isRowTap: (event: MouseEvent) => boolean } {
  const narrow = useMediaQuery('(max-width: 720px)');
  /** Whether a click on a row is a tap that plays it: on a narrow window, and not on a link, button or menu in the row. */
  const isRowTap = (event: MouseEvent) => narrow.value && !(event.target as Element).closest('a, button, input, [role="menu"]');
  return { narrow, isRowTap };
}
