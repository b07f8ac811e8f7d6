export * from './push-channels';
export * from './sessions';
export * from './users';
