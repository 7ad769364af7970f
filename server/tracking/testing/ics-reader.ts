/** Reads a calendar back the way a client does: unfold, split on the first unquoted colon, unescape. */
export function parseIcs(text: string) {
  const unfolded = text.replace(/\r\n[ \t]/g, '');
  const lines = unfolded.split('\r\n').filter((line) => line.length > 0);
  const unescapeText = (v: string) =>
    v.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === 'n' || c === 'N' ? '\n' : c));
  const events: Array<Record<string, string>> = [];
  let current: Record<string, string> | undefined;
  for (const line of lines) {
    if (line === 'BEGIN:VEVENT') current = {};
    else if (line === 'END:VEVENT') {
      events.push(current!);
      current = undefined;
    } else if (current) {
      const colon = line.indexOf(':');
      current[line.slice(0, colon)] = unescapeText(line.slice(colon + 1));
    }
  }
  return { lines, events };
}
