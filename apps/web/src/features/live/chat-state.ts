import type { StreamMessage } from '@limelight/contracts';

/** Lines kept in a live chat: enough to scroll back a little, not a whole evening's flood. */
export const KEPT_LINES = 200;

/** The chat with `line` added, or put in place of the line with its id (a delete): oldest first, no duplicates. */
export function withLine(lines: StreamMessage[], line: StreamMessage): StreamMessage[] {
  const at = lines.findIndex((item) => item._id === line._id);
  if (at >= 0) return lines.map((item, index) => (index === at ? line : item));
  return [...lines, line].slice(-KEPT_LINES);
}

/** The chat with an older page (newest first, as the server sends it) put before it, lines it already has left out. */
export function withOlder(lines: StreamMessage[], page: StreamMessage[]): StreamMessage[] {
  const have = new Set(lines.map((line) => line._id));
  return [...page.filter((line) => !have.has(line._id)).reverse(), ...lines];
}
