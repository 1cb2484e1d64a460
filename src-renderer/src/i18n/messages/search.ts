// Strings of the search screens (SCAFFOLD: filled in with the feature).
export default { en: {}, 'zh-Hans': {}, ja: {} };
