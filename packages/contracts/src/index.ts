export * from './core';
export * from './envelope';
export * from './system';
export * from './identity';
export * from './notices';
export * from './content';
export * from './dict';
export * from './files';
