export * from './locator';
export * from './operation';
export * from './paging';
export * from './path';
export * from './transport';
export * from './validate';
