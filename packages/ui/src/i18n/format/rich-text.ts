import { Fragment, createElement, type ReactNode } from 'react';

/**
 * A translated sentence with parts in markup: `<0>…</0>` in the message is rendered by `parts[0]`
 * (a link, <strong>), so translators may move the part within the sentence.
 */
export function richText(message: string, parts: Readonly<Record<number, (children: string) => ReactNode>>): ReactNode {
  const out: ReactNode[] = [];
  const pattern = /<(\d+)>(.*?)<\/\1>/gs;
  let last = 0;
  for (const match of message.matchAll(pattern)) {
    const index = match.index;
    if (index > last) out.push(message.slice(last, index));
    const render = parts[Number(match[1])];
    out.push(createElement(Fragment, { key: index }, render ? render(match[2] ?? '') : (match[2] ?? '')));
    last = index + match[0].length;
  }
  if (last < message.length) out.push(message.slice(last));
  return createElement(Fragment, null, ...out);
}
