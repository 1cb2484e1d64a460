// The Han folding pairs computed from opencc-js (shared by the generator and the test that checks the
// committed table). Each character is converted alone, so no phrase context leaks in, and the map is
// closed under itself (a → b, b → c gives a → c) so folding twice equals folding once.
import * as OpenCC from 'opencc-js';

export async function hanFoldPairs() {
  const jp = OpenCC.Converter({ from: 'jp', to: 'cn' });
  const t = OpenCC.Converter({ from: 't', to: 'cn' });
  const convert = (c) => t(jp(c));
  const map = new Map();
  const ranges = [[0x3400, 0x4dbf], [0x4e00, 0x9fff]];
  for (const [lo, hi] of ranges) {
    for (let code = lo; code <= hi; code++) {
      const c = String.fromCharCode(code);
      const to = convert(c);
      if (to !== c && to.length === 1) map.set(c, to);
    }
  }
  for (const [from] of map) {
    const seen = new Set([from]);
    let to = map.get(from);
    while (map.has(to) && !seen.has(to)) {
      seen.add(to);
      to = map.get(to);
    }
    // A cycle (two characters converting into each other) folds both to the smaller code point.
    if (seen.has(to) && to !== from) to = [...seen].sort()[0];
    map.set(from, to);
  }
  return [...map].filter(([from, to]) => from !== to).sort(([a], [b]) => (a < b ? -1 : 1));
}
