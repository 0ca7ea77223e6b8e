// The contracts that carry no zod schema, for the web app's first screen: the full index builds
// every schema when it loads, which is most of zod and the contracts (decision 020).
export * from './error-codes';
export * from './money-format';
export * from './performer-options';
export * from './render';
export * from './rules';
export * from './socket';
