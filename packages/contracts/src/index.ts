export * from './core';
export * from './envelope';
export * from './system';
export * from './identity';
