/** What the assembly uses of the closing module (decision 004): an owner deleting their account. */

export { registerMediaRemoval } from './media';
export { closingRoutes } from './routes';
