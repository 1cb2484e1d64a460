// Strings of the entry screens (SCAFFOLD: filled in with the feature).
export default { en: {}, 'zh-Hans': {}, ja: {} };
