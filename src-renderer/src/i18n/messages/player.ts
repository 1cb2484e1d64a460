// Strings of the player screens (SCAFFOLD: filled in with the feature).
export default { en: {}, 'zh-Hans': {}, ja: {} };
