export * from './orders';
export * from './products';
export * from './push-channels';
export * from './rate-limits';
export * from './sessions';
export * from './users';
export * from './verification-codes';
export * from './wx-logins';
