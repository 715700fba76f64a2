/** /store/{franchise}[/{more}…], each part URL-encoded. */
export function storePath(franchise: string, ...rest: string[]) {
  return ['/store', franchise, ...rest].map((part, i) => (i === 0 ? part : encodeURIComponent(part))).join('/')
}
