// What other features may use of blocks: they import this file only, never the files behind it (decision 075).
export { BlockButton } from './BlockButton';
