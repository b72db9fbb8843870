/** Which of our precompressed forms a client's Accept-Encoding takes: br, then gzip, else none (q=0 refuses one). */
export function preferredEncoding(header: string | undefined): 'br' | 'gzip' | 'identity' {
  const accepted = new Set<string>();
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = params.find((p) => p.startsWith('q='));
    if (name && (q === undefined || Number(q.slice(2)) > 0)) accepted.add(name);
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return 'identity';
}
