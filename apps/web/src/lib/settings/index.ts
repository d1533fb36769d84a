export * from './SettingsProvider';
export * from './settings';
export * from './use-fullscreen';
