// @vitest-environment happy-dom
// The search results' titles with the typed words marked: which runs are <mark>ed, and that a title is
// only ever shown as text.
import { enableAutoUnmount, mount } from '@vue/test-utils';
import { afterEach, describe, expect, it } from 'vitest';
import HighlightText from '../../../../src-renderer/src/components/HighlightText.vue';

enableAutoUnmount(afterEach);

const render = (text: string, words: string[]) => mount(HighlightText, { props: { text, words } });
const marks = (wrapper: ReturnType<typeof render>) => wrapper.findAll('mark').map((m) => m.text());

describe('HighlightText', () => {
  it('marks each occurrence of the words and shows the whole title', () => {
    const wrapper = render('Sakura Letters — sakura', ['sakura']);
    expect(marks(wrapper)).toEqual(['Sakura', 'sakura']);
    expect(wrapper.text()).toBe('Sakura Letters — sakura');
  });

  it('matches regardless of case and character width', () => {
    const wrapper = render('ＳＡＫＵＲＡ Night', ['sakura', 'NIGHT']);
    expect(marks(wrapper)).toEqual(['ＳＡＫＵＲＡ', 'Night']);
  });

  it('marks nothing when no word occurs, or with no words', () => {
    expect(render('Blue Horizon', ['sakura']).findAll('mark')).toHaveLength(0);
    const none = render('Blue Horizon', []);
    expect(none.findAll('mark')).toHaveLength(0);
    expect(none.text()).toBe('Blue Horizon');
  });

  it('follows the words as the search changes', async () => {
    const wrapper = render('Blue Horizon', ['blue']);
    expect(marks(wrapper)).toEqual(['Blue']);
    await wrapper.setProps({ words: ['hori'] });
    expect(marks(wrapper)).toEqual(['Hori']);
  });

  it('shows markup in a title as text, never as elements', () => {
    const title = '<img src=x onerror="alert(1)"><b>Loud</b> Song';
    const wrapper = render(title, ['loud']);
    expect(wrapper.find('img').exists()).toBe(false);
    expect(wrapper.find('b').exists()).toBe(false);
    expect(wrapper.text()).toBe(title);
    // The only element besides the wrapper is the mark, holding the match as text.
    expect(wrapper.element.querySelectorAll('*')).toHaveLength(1);
    expect(marks(wrapper)).toEqual(['Loud']);
  });
});
